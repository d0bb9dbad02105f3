// The client manifest the README and Getting Started give resolves, whatever the checkout's name.

import Foundation
import LocalStoreTestSupport
import Testing

/// Takes each documented `Package.swift` of a client, points its path at this repository
/// through a link named `clone` (so the checkout's folder is not called QuestionBank), and
/// asks SwiftPM to resolve it: a product that names a package the manifest does not declare
/// is an error there, and so is a target of the client named like one of the store's package.
@Suite struct ClientManifestTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The first Swift listing of `page` that is a package manifest.
  static func manifest(in page: String) throws -> String {
    let text = try String(
      contentsOf: root.appendingPathComponent(page), encoding: .utf8)
    let blocks = text.components(separatedBy: "```swift\n").dropFirst()
      .map { $0.components(separatedBy: "```").first ?? "" }
    return try #require(blocks.first { $0.hasPrefix("// swift-tools-version") }, "\(page)")
  }

  @Test(arguments: ["README.md", "Docs/LocalStore.docc/GettingStarted.md"])
  func theDocumentedClientManifestResolvesFromACheckoutOfAnotherName(page: String) async throws {
    let manifest = try Self.manifest(in: page)
    let path = "\"../QuestionBank/Packages/LocalStore\""
    #expect(manifest.contains(path), "the listing's path changed: \(manifest)")
    // The listing's own layer names, which the store's package must leave free.
    #expect(manifest.contains("name: \"Models\""), "the listing has no Models target")
    let folder = try TemporaryDirectory(prefix: "ClientManifest")
    try FileManager.default.createSymbolicLink(
      at: folder.appending("clone"), withDestinationURL: Self.root)
    let client = folder.appending("Notes")
    try FileManager.default.createDirectory(
      at: client.appendingPathComponent("Sources/Models"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: client.appendingPathComponent("Tests/ModelsTests"), withIntermediateDirectories: true)
    try Data("import LocalStore\n".utf8).write(
      to: client.appendingPathComponent("Sources/Models/Notes.swift"))
    try Data("import Models\n".utf8).write(
      to: client.appendingPathComponent("Tests/ModelsTests/NotesTests.swift"))
    try Data(
      manifest.replacingOccurrences(of: path, with: "\"../clone/Packages/LocalStore\"").utf8
    )
    .write(to: client.appendingPathComponent("Package.swift"))
    let result = try await ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["swift", "package", "--package-path", client.path, "show-dependencies"])
    #expect(result.status == 0, "\(result.standardError)")
  }
}
