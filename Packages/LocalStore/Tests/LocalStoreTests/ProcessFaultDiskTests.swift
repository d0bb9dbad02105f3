// Real disks that fill up: a clear error for the save that does not fit, nothing else lost.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite struct ProcessFaultDiskTests {
  /// Both layouts a store can have on disk.
  static let strategies: [StorageStrategy] = [.journal, .rewrite]

  /// A note of about 220 bytes on disk.
  static func note(_ index: Int, prefix: String = "full") -> Note {
    paddedNote(index, prefix: prefix)
  }

  /// The default configuration with `strategy`.
  static func configuration(_ strategy: StorageStrategy) -> StoreConfiguration {
    var configuration = StoreConfiguration()
    configuration.strategy = strategy
    return configuration
  }

  /// Fills a 64 KiB disk with saves (next to 16 KiB of someone else's file), then frees that
  /// file: the failed save must be clear and change nothing, and the store must work again.
  // Mounting needs root; where even root may not mount, the test cancels itself.
  @Test(
    .enabled(if: FaultEnvironment.isRoot, "mounting a 64 KiB tmpfs needs root"),
    arguments: strategies)
  func savingUntilTheDiskIsFullFailsCleanlyAndKeepsEveryAcknowledgedSave(
    strategy: StorageStrategy
  ) async throws {
    try await withTmpfs(size: "64k") { folder in
      let ballast = folder.appendingPathComponent("ballast")
      try Data(count: 16 << 10).write(to: ballast)
      let configuration = Self.configuration(strategy)
      let repository = try LocalRepository<Note>(
        directory: folder, filename: "q.json", configuration: configuration)
      var acknowledged: [Note] = []
      var failure: PersistenceError?
      for index in 0..<1_000 {
        let note = Self.note(index)
        do {
          try await repository.save(note)
          acknowledged.append(note)
        } catch let error as PersistenceError {
          failure = error
          break
        }
      }
      let error = try #require(failure, "64 KiB never filled up")
      guard case .writeFailed(let url, let reason) = error else {
        Issue.record("expected .writeFailed, got \(error)")
        return
      }
      #expect(url.path == storePath(in: folder))
      #expect(reason.contains("No space left on device"), "\(reason)")
      #expect(error.description.contains("q.json"))
      #expect(acknowledged.count > 20, "the disk filled after only \(acknowledged.count) saves")
      #expect(await repository.loadAll() == acknowledged)
      #expect(try temporaryFiles(in: folder).isEmpty)
      let reopened = try LocalRepository<Note>(
        directory: folder, filename: "q.json", configuration: configuration)
      #expect(await reopened.loadAll() == acknowledged)

      // Once space is freed, the same repository saves again.
      try FileManager.default.removeItem(at: ballast)
      let after = Self.note(0, prefix: "after")
      try await repository.save(after)
      let final = try LocalRepository<Note>(
        directory: folder, filename: "q.json", configuration: configuration)
      #expect(await final.loadAll() == acknowledged + [after])
      #expect(try temporaryFiles(in: folder).isEmpty)
    }
  }

  /// A 40 KiB store fits once on a 64 KiB disk. Rewriting it needs room for two copies, so
  /// the save must fail and leave the file byte-identical; appending to the journal needs
  /// only room for the record, so the save must succeed and leave the snapshot as it was.
  @Test(
    .enabled(if: FaultEnvironment.isRoot, "mounting a 64 KiB tmpfs needs root"),
    arguments: strategies)
  func aStoreTooBigToCopyTwiceStaysByteIdentical(strategy: StorageStrategy) async throws {
    let configuration = Self.configuration(strategy)
    let staging = try TemporaryDirectory(prefix: "ProcessFaultStaging")
    let existing = (0..<180).map { Self.note($0, prefix: "big") }
    try await LocalRepository<Note>(
      directory: staging.url, filename: "q.json", configuration: configuration
    ).save(contentsOf: existing)
    let original = try #require(bytes(of: staging.appending("q.json")))
    try #require((36 << 10)...(44 << 10) ~= original.count, "store is \(original.count) bytes")
    try #require(!FileManager.default.fileExists(atPath: staging.appending("q.json.journal").path))

    try await withTmpfs(size: "64k") { folder in
      let file = folder.appendingPathComponent("q.json")
      try #require(
        FileManager.default.createFile(
          atPath: file.path, contents: original, attributes: [.posixPermissions: 0o600]))
      let repository = try LocalRepository<Note>(
        directory: folder, filename: "q.json", configuration: configuration)
      let note = Self.note(0, prefix: "one more")
      var expected = existing
      do {
        try await repository.save(note)
        expected.append(note)
        #expect(strategy == .journal, "a rewrite of 40 KiB cannot fit in 24 KiB")
      } catch let error as PersistenceError {
        #expect(strategy == .rewrite, "appending one record needs no second copy: \(error)")
        guard case .writeFailed(let url, let reason) = error else {
          Issue.record("expected .writeFailed, got \(error)")
          return
        }
        #expect(url.path == storePath(in: folder))
        #expect(reason.contains("No space left on device"), "\(reason)")
      }
      #expect(bytes(of: file) == original)
      #expect(await repository.loadAll() == expected)
      #expect(try temporaryFiles(in: folder).isEmpty)
      let reopened = try LocalRepository<Note>(
        directory: folder, filename: "q.json", configuration: configuration)
      #expect(await reopened.loadAll() == expected)
    }
  }

  /// A journal that has just outgrown its snapshot is folded into a new snapshot after the
  /// save that made it grow. On a disk with no room for that new snapshot, the save is
  /// durable all the same: it returns, the old snapshot stays byte-identical, no temporary
  /// file stays, and every item reopens.
  @Test(.enabled(if: FaultEnvironment.isRoot, "mounting a tmpfs needs root"))
  func aCompactionWithNoRoomForTheNewSnapshotLosesNothing() async throws {
    let staging = try TemporaryDirectory(prefix: "ProcessFaultStaging")
    let existing = try await fillJournalToJustBelowCompaction(in: staging.url, margin: 1 << 10) {
      Self.note($0, prefix: "seed")
    }
    let snapshot = try #require(bytes(of: staging.appending("q.json")))
    let journal = try #require(bytes(of: staging.appending("q.json.journal")))

    // Room for both files and some records, not for a snapshot of everything.
    let size = (snapshot.count + journal.count) / 1024 + 48
    try await withTmpfs(size: "\(size)k") { folder in
      for (name, contents) in [("q.json", snapshot), ("q.json.journal", journal)] {
        try #require(
          FileManager.default.createFile(
            atPath: folder.appendingPathComponent(name).path, contents: contents,
            attributes: [.posixPermissions: 0o600]))
      }
      let repository = try LocalRepository<Note>(directory: folder, filename: "q.json")
      #expect(await repository.loadAll() == existing)
      var expected = existing
      for index in 0..<20 {
        let note = Self.note(index, prefix: "past the threshold")
        try await repository.save(note)
        expected.append(note)
      }
      await repository.compactionFinished()
      let journalNow = try #require(
        journalRecords(at: folder.appendingPathComponent("q.json.journal")))
      #expect(
        journalNow.count > journal.prefix { $0 != 0 }.count, "the journal was compacted after all")
      #expect(bytes(of: folder.appendingPathComponent("q.json")) == snapshot)
      #expect(await repository.loadAll() == expected)
      #expect(try temporaryFiles(in: folder).isEmpty)
      let reopened = try LocalRepository<Note>(directory: folder, filename: "q.json")
      #expect(await reopened.loadAll() == expected)
    }
  }
}
