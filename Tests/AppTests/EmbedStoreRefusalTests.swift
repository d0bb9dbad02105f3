// scripts/embed-store refuses a package where a part would go but cannot, before writing anything.

import Foundation
import TestSupport
import Testing

/// Runs the script on a minimal package in a temporary folder.
@Suite struct EmbedStoreRefusalTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "EmbedStore")
    try FileManager.default.createDirectory(
      at: folder.appending("Tests"), withIntermediateDirectories: true)
    try "// swift-tools-version: 6.0\n".write(
      to: folder.appending("Package.swift"), atomically: true, encoding: .utf8)
  }

  /// Every file and link under the package, relative to it.
  func contents() -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: folder.url.path)
    return (enumerator?.allObjects as? [String] ?? []).sorted()
  }

  /// A link whose target is gone where a copied folder goes: once the first parts were
  /// moved in and a raw `mv` error stopped the rest.
  @Test(arguments: ["Tests/LocalStoreTests", "Tests/LocalStoreTestSupport", "Sources"])
  func aDanglingLinkWhereAFolderGoesIsRefusedWithNothingWritten(path: String) async throws {
    try FileManager.default.createSymbolicLink(
      atPath: folder.appending(path).path, withDestinationPath: folder.appending("gone").path)
    let before = contents()
    let result = try await ChildProcess.run(
      URL(fileURLWithPath: "/bin/bash"),
      [
        NewProjectRefusalTests.root.appendingPathComponent("scripts/embed-store").path,
        folder.url.path,
      ])
    #expect(result.status == 1, "\(result.standardError)")
    #expect(result.standardError.hasPrefix("embed-store: error: "), "\(result.standardError)")
    #expect(result.standardError.contains("symbolic link"), "\(result.standardError)")
    #expect(!result.standardError.contains("mv:"), "\(result.standardError)")
    #expect(contents() == before)
  }
}
