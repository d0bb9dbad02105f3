// Stores a repository may not change: an immutable store file or folder.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct ProcessFaultPermissionTests {
  /// What `chattr +i` is applied to.
  enum ImmutablePart: String, CaseIterable, Sendable {
    case storeFile, folder
  }

  /// `chattr +i` stops even root: renaming over an immutable file, or creating a file in an
  /// immutable folder, fails with EPERM. A rewrite must then be refused cleanly. A journal
  /// store may still append to its existing journal (neither flag covers that file); then
  /// the save must be durable and the snapshot byte-identical.
  @Test(
    .enabled(if: FaultEnvironment.isRoot, "chattr +i needs root"),
    arguments: ImmutablePart.allCases, [StorageStrategy.rewrite, .journal])
  func anImmutableStoreRefusesTheSaveCleanlyOrStoresItDurably(
    part: ImmutablePart, strategy: StorageStrategy
  ) async throws {
    let folder = try TemporaryDirectory(prefix: "ProcessFaultImmutable")
    let file = folder.appending("q.json")
    var configuration = StoreConfiguration()
    configuration.strategy = strategy
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: configuration)
    var expected = sampleNotes(3)
    for note in expected { try await repository.save(note) }
    let original = try #require(bytes(of: file))
    let status = try fileStatus(of: file)

    let target = part == .storeFile ? file.path : folder.url.path
    let immutable = try await runTool("chattr", ["+i", target])
    guard immutable.status == 0 else {
      try Test.cancel("chattr +i is not supported here: \(immutable.standardError)")
    }
    defer {
      // A defer cannot wait on another thread: this short run blocks the pool's thread.
      _ = try? ChildProcess.runBlocking(
        URL(fileURLWithPath: "/usr/bin/env"), ["chattr", "-i", target])
      withExtendedLifetime(folder) {}  // Removable only once mutable again.
    }

    let note = Note(title: "refused or kept", text: "a")
    do {
      try await repository.save(note)
      expected.append(note)
      // Only an append to the journal, which already exists, can get past `chattr +i`.
      #expect(strategy == .journal, "a rewrite went through")
    } catch let error as PersistenceError {
      guard case .writeFailed(let url, let reason) = error else {
        Issue.record("expected .writeFailed, got \(error)")
        return
      }
      #expect(url.path == storePath(in: folder.url))
      #expect(reason.contains("Operation not permitted"), "\(reason)")
      #expect(error.description.contains("q.json"))
    }
    #expect(bytes(of: file) == original)
    #expect(try fileStatus(of: file) == status)
    #expect(await repository.loadAll() == expected)
    #expect(try temporaryFiles(in: folder.url).isEmpty)
    let reopened = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: configuration)
    #expect(await reopened.loadAll() == expected)
  }
}
