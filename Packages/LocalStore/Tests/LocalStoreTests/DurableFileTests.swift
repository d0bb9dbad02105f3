// The public durable write: the store's sequence, reachable for files outside a store.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct DurableFileTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "DurableFile")
  }

  private func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
  }

  @Test func aNewFileIsPrivateAndNothingElseIsLeft() throws {
    let url = folder.appending("out.txt")
    try DurableFile.write(Array("new".utf8), to: url)
    #expect(bytes(of: url) == Data("new".utf8))
    #expect(try fileStatus(of: url).permissions == 0o600)
    #expect(try names() == ["out.txt"])
  }

  @Test func anExistingFileKeepsItsPermissionsThroughALink() throws {
    let target = folder.appending("target.txt")
    let link = folder.appending("link.txt")
    try Data("old".utf8).write(to: target)
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: target.path)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    try DurableFile.write(Array("new".utf8), to: link, newFilePermissions: .umaskDefault)
    #expect(bytes(of: target) == Data("new".utf8))
    #expect(try fileStatus(of: target).permissions == 0o640)
    #expect(try fileStatus(of: link).kind == .symbolicLink)
  }

  @Test func aFolderAtThePathOrAMissingFolderIsRefused() throws {
    let taken = folder.appending("taken")
    try FileManager.default.createDirectory(at: taken, withIntermediateDirectories: false)
    #expect(throws: PersistenceError.notARegularFile(taken, found: "a folder")) {
      try DurableFile.write([1], to: taken)
    }
    let missing = folder.appending("missing")
    let error = try #require(throws: PersistenceError.self) {
      try DurableFile.write([1], to: missing.appendingPathComponent("out.txt"))
    }
    guard case .directoryUnavailable(let named, let reason) = error else {
      Issue.record("expected .directoryUnavailable, got \(error)")
      return
    }
    #expect(named.path == missing.path)
    #expect(reason == "it does not exist")
    #expect(try names() == ["taken"])
  }

  @Test func aFailedFlushLeavesTheOldBytesAndNoTemporaryFile() throws {
    let url = folder.appending("out.txt")
    try Data("old".utf8).write(to: url)
    let fileSystem = FailingFileSystem()
    fileSystem.fail("fsync", onPathEndingIn: "", code: EIO)
    let error = try #require(throws: PersistenceError.self) {
      try DurableFile.write(
        Array("new".utf8), to: url, newFilePermissions: .ownerOnly, fileSystem: fileSystem)
    }
    #expect(error == .writeFailed(url, reason: "Input/output error"))
    #expect(bytes(of: url) == Data("old".utf8))
    #expect(try names() == ["out.txt"])
  }
}
