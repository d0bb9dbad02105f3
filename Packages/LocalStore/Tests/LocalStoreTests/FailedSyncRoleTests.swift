// A failed fsync in each role a writer plays: no other process's acknowledged save may go.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

/// Makes an `fsync` fail in each role: a one-shot process after others' saves (a real
/// process, with a preloaded shim), a long-running writer (durable, or lossy in its
/// `synchronize()`) after another process appended, a compaction (the new snapshot's sync, the folder's), and the undo of a failed sync (its
/// truncate, its own sync). Each time other processes (`StoreWriter` children) have saved,
/// and afterwards a fresh open must hold every save any writer was told succeeded. A table
/// of the roles goes to standard output.
@Suite struct FailedSyncRoleTests {
  /// One role's outcome: the saves acknowledged by any writer, and those the store lost.
  struct Row {
    var role: String
    var acknowledged: Int
    var lost: Int
    var reopened: String
  }

  @Test(.enabled(if: FsyncFailureShim.canBuild, "no C compiler (cc) to build the fsync shim"))
  func aOneShotProcessWhoseSyncFailsLosesNoOtherProcesssSave() async throws {
    let folder = try TemporaryDirectory(prefix: "FailedSyncRoleShim")
    let shim = try await FsyncFailureShim.build(in: folder.url)
    let store = folder.appending("store")
    try FileManager.default.createDirectory(at: store, withIntermediateDirectories: false)
    var acknowledged: Set<UUID> = []
    for index in 0..<3 {
      await acknowledged.formUnion(try otherProcessSaves(in: store, 1, "other \(index)"))
    }
    let failing = try await ChildProcess.run(
      storeWriter, ["save-through", store.path, "1", "failing"],
      environment: FsyncFailureShim.environment(shim, failingUnder: store))
    #expect(failing.standardOutput.hasPrefix("fail "), "\(failing.standardOutput)")
    acknowledged.formUnion(acknowledgedIDs(in: failing.standardOutput))
    report([try await row("one-shot process after 3 others' saves", store, acknowledged)])
  }

  @Test func aFailedSyncInAnyOtherRoleLosesNoOtherProcesssSave() async throws {
    report([
      try await longWriterAfterAnotherProcess(),
      try await lossyWriterAfterAnotherProcess(),
      try await compaction(failing: "its new snapshot's fsync") { $0.contains(".tmp-") },
      try await compaction(failing: "the folder's fsync") { $0.hasSuffix("/store") },
      try await undo(failing: "its truncate") { fileSystem in
        fileSystem.fail("ftruncate", onPathEndingIn: ".journal")
        fileSystem.failNextJournalSyncLosingPages()
      },
      try await undo(failing: "its own fsync") { $0.failEverySync(1, losingPages: true) },
    ])
  }

  private func report(_ rows: [Row]) {
    print(
      textTable(
        title: "Failed syncs in every role", header: ["role", "acknowledged", "lost", "reopened"],
        rows: rows.map { [$0.role, "\($0.acknowledged)", "\($0.lost)", $0.reopened] }))
    for row in rows {
      #expect(
        row.lost == 0 && row.reopened == "yes", "\(row.role): \(row.lost) lost, \(row.reopened)")
    }
  }

  /// A writer that saved, then another process saved, then the writer's sync fails.
  private func longWriterAfterAnotherProcess() async throws -> Row {
    let store = try TemporaryDirectory(prefix: "FailedSyncRoleWriter")
    let fileSystem = FailingFileSystem()
    var acknowledged: Set<UUID> = []
    do {
      let writer = try await openWriter(in: store.url, fileSystem: fileSystem)
      acknowledged.formUnion(try await save(["own 0"], to: writer))
      await acknowledged.formUnion(try otherProcessSaves(in: store.url, 3, "other"))
      fileSystem.failNextJournalSyncLosingPages()
      acknowledged.formUnion(try await save(["own 1"], to: writer))
    }
    return try await row(
      "long-running writer after another process appended", store.url, acknowledged)
  }

  /// A lossy writer that saved, then another process saved after its unsynced records, then
  /// the writer's `synchronize()` fails: only the lossy writer's unsynced saves may go.
  private func lossyWriterAfterAnotherProcess() async throws -> Row {
    let store = try TemporaryDirectory(prefix: "FailedSyncRoleLossy")
    let fileSystem = FailingFileSystem()
    var configuration = StoreConfiguration()
    configuration.durability = .lossyOnPowerCut(syncWithin: .seconds(3600))
    var acknowledged: Set<UUID> = []
    do {
      let writer = try await openWriter(in: store.url, fileSystem: fileSystem, configuration)
      let synced = try await save(["synced 0", "synced 1"], to: writer)
      try await writer.synchronize()
      acknowledged.formUnion(synced)
      _ = try await save(["unsynced 0", "unsynced 1"], to: writer)
      await acknowledged.formUnion(try otherProcessSaves(in: store.url, 3, "other"))
      fileSystem.fail("fsync", onPathEndingIn: ".journal", times: 1)
      await #expect(throws: (any Error).self) { try await writer.synchronize() }
    }
    return try await row(
      "lossy writer's synchronize() after another process appended", store.url, acknowledged)
  }

  /// A writer with a small compaction threshold whose compaction's sync (chosen by path) fails,
  /// after another process saved between its own saves.
  private func compaction(
    failing what: String, where matches: @escaping @Sendable (String) -> Bool
  )
    async throws -> Row
  {
    let folder = try TemporaryDirectory(prefix: "FailedSyncRoleCompaction")
    let store = folder.appending("store")
    try FileManager.default.createDirectory(at: store, withIntermediateDirectories: false)
    let fileSystem = RecordingFileSystem()
    var configuration = StoreConfiguration()
    configuration.minimumCompactionSize = 4_096
    var acknowledged: Set<UUID> = []
    do {
      let writer = try await openWriter(in: store, fileSystem: fileSystem, configuration)
      acknowledged.formUnion(try await save((0..<8).map { "own \($0)" }, to: writer))
      await acknowledged.formUnion(try otherProcessSaves(in: store, 3, "other"))
      fileSystem.failSyncs(where: matches)
      var index = 8
      while fileSystem.syncFailuresLeft > 0 && index < 60 {
        acknowledged.formUnion(try await save(["own \(index)"], to: writer))
        index += 1
      }
      #expect(fileSystem.syncFailuresLeft == 0, "no compaction made \(what) fail")
    }
    return try await row("compaction: \(what) fails", store, acknowledged)
  }

  /// A writer that read others' saves, saved, then whose sync fails and whose undo (set up
  /// by `breakUndo`) fails too.
  private func undo(
    failing what: String, _ breakUndo: (FailingFileSystem) -> Void
  ) async throws
    -> Row
  {
    let store = try TemporaryDirectory(prefix: "FailedSyncRoleUndo")
    let fileSystem = FailingFileSystem()
    var acknowledged = await Set(try otherProcessSaves(in: store.url, 3, "before"))
    do {
      let writer = try await openWriter(in: store.url, fileSystem: fileSystem)
      acknowledged.formUnion(try await save(["own 0"], to: writer))
      await acknowledged.formUnion(try otherProcessSaves(in: store.url, 2, "between"))
      breakUndo(fileSystem)
      acknowledged.formUnion(try await save(["own 1"], to: writer))
      fileSystem.failEverySync(nil)
    }
    return try await row("undo of a failed sync: \(what) fails", store.url, acknowledged)
  }

  private func openWriter(
    in folder: URL, fileSystem: any FileSystem, _ configuration: StoreConfiguration = .init()
  ) async throws -> LocalRepository<Note> {
    try await LocalRepository<Note>.open(
      directory: folder, filename: "q.json", configuration: configuration, fileSystem: fileSystem)
  }

  /// Saves a note per title, one by one; the ids of those that returned normally.
  private func save(
    _ prompts: [String], to writer: LocalRepository<Note>
  ) async throws
    -> [UUID]
  {
    var saved: [UUID] = []
    for prompt in prompts {
      let note = Note(title: prompt, text: "a")
      if (try? await writer.save(note)) != nil { saved.append(note.id) }
    }
    return saved
  }

  /// Runs `StoreWriter save` in a process of its own; the ids it acknowledged.
  private func otherProcessSaves(
    in folder: URL, _ count: Int, _ prefix: String
  ) async throws -> [UUID] {
    let result = try await ChildProcess.run(
      storeWriter, ["save", folder.path, String(count), prefix])
    try #require(result.status == 0, "StoreWriter: \(result.standardError)")
    return acknowledgedIDs(in: result.standardOutput)
  }

  /// Opens the store afresh and counts the acknowledged saves it lacks.
  private func row(_ role: String, _ folder: URL, _ acknowledged: Set<UUID>) async throws -> Row {
    let stored = await attempt {
      let repository = try await LocalRepository<Note>.open(
        directory: folder, filename: "q.json")
      return Set(await repository.loadAll().map(\.id))
    }
    switch stored {
    case .success(let ids):
      return Row(
        role: role, acknowledged: acknowledged.count,
        lost: acknowledged.subtracting(ids).count, reopened: "yes")
    case .failure(let error):
      return Row(
        role: role, acknowledged: acknowledged.count, lost: 0, reopened: "refused: \(error)")
    }
  }
}
