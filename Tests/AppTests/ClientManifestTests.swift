// The client manifest the README and Getting Started give resolves, whatever the checkout's name.

import Foundation
import TestSupport
import Testing

/// Takes each documented `Package.swift` of a client, points its path at this repository
/// through a link named `clone` (so the checkout's folder is not called QuestionBank), and
/// asks SwiftPM to resolve it: a product that names a package the manifest does not declare
/// is an error there ("unknown package 'QuestionBank'").
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

  @Test(arguments: ["README.md", "Docs/Persistence.docc/GettingStarted.md"])
  func theDocumentedClientManifestResolvesFromACheckoutOfAnotherName(page: String) async throws {
    let manifest = try Self.manifest(in: page)
    #expect(manifest.contains("\"../QuestionBank\""), "the listing's path changed: \(manifest)")
    let folder = try TemporaryDirectory(prefix: "ClientManifest")
    try FileManager.default.createSymbolicLink(
      at: folder.appending("clone"), withDestinationURL: Self.root)
    let client = folder.appending("Notes")
    try FileManager.default.createDirectory(
      at: client.appendingPathComponent("Sources/NotesCore"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: client.appendingPathComponent("Tests/NotesCoreTests"), withIntermediateDirectories: true)
    try Data("import Persistence\n".utf8).write(
      to: client.appendingPathComponent("Sources/NotesCore/Notes.swift"))
    try Data("import NotesCore\n".utf8).write(
      to: client.appendingPathComponent("Tests/NotesCoreTests/NotesTests.swift"))
    try Data(manifest.replacingOccurrences(of: "\"../QuestionBank\"", with: "\"../clone\"").utf8)
      .write(to: client.appendingPathComponent("Package.swift"))
    let result = try await ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["swift", "package", "--package-path", client.path, "show-dependencies"])
    #expect(result.status == 0, "\(result.standardError)")
  }
}
