// Replacing an export file all at once: permissions kept, nothing left behind, failures named.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import App

@Suite struct ExportFileWriterTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "AppExportWriter")
  }

  func contents(of url: URL) throws -> String {
    try String(contentsOf: url, encoding: .utf8)
  }

  /// The names in the folder, hidden ones included.
  func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
  }

  @Test func replacesTheFileAndKeepsItsPermissions() throws {
    let url = folder.appending("out.csv")
    try Data("old".utf8).write(to: url)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
    try ExportFileWriter.replaceFile(at: url, with: Array("new".utf8), displayPath: "out.csv")
    #expect(try contents(of: url) == "new")
    let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions]
    #expect((mode as? NSNumber)?.intValue == 0o600)
    #expect(try names() == ["out.csv"])
  }

  @Test func followsASymbolicLinkToTheFileItNames() throws {
    let target = folder.appending("target.json")
    let link = folder.appending("link.json")
    try Data("old".utf8).write(to: target)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    try ExportFileWriter.replaceFile(at: link, with: Array("new".utf8), displayPath: "link.json")
    #expect(try contents(of: target) == "new")
    let kind = try FileManager.default.attributesOfItem(atPath: link.path)[.type]
    #expect(kind as? FileAttributeType == .typeSymbolicLink)
  }

  @Test func aMissingFolderIsNamedAndNothingIsCreated() throws {
    let url = folder.appending("missing/out.csv")
    #expect(
      throws: AppError.unwritableFile(
        "missing/out.csv", reason: "the folder \(folder.appending("missing").path) does not exist")
    ) {
      try ExportFileWriter.replaceFile(at: url, with: [1], displayPath: "missing/out.csv")
    }
    #expect(try names().isEmpty)
  }

  @Test func aFolderAtThePathIsRefusedAndLeftAlone() throws {
    let url = folder.appending("taken")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    #expect(throws: AppError.self) {
      try ExportFileWriter.replaceFile(at: url, with: [1], displayPath: "taken")
    }
    #expect(try names() == ["taken"])
  }
}
