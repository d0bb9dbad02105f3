// A failed fsync is never trusted: the saves it covered fail, and are in neither memory nor the files.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct FailedSyncTests {
  /// Saves `notes` one by one and returns those acknowledged; the others must have thrown
  /// ``PersistenceError/notDurable(_:reason:)``.
  private func saveEach(
    _ notes: [Note], to repository: LocalRepository<Note>
  ) async -> [Note] {
    var acknowledged: [Note] = []
    for note in notes {
      do {
        try await repository.save(note)
        acknowledged.append(note)
      } catch PersistenceError.notDurable {
        continue
      } catch {
        Issue.record("\(note.title): unexpected \(error)")
      }
    }
    return acknowledged
  }

  /// The journal's `fsync` fails every 7th time, as on a failing disk: no save it failed is
  /// acknowledged, none of them is in memory or in the files afterwards, and the saves after
  /// each failure go on succeeding. With `losingPages`, a failed `fsync` also drops the pages
  /// it could not write (PostgreSQL's "fsyncgate"), and the store still opens, whole.
  @Test(arguments: [false, true])
  func savesAFailedSyncCoveredAreTakenBackAndLaterSavesSucceed(losingPages: Bool) async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", fileSystem: fileSystem)
    let base = sampleNotes(3, prefix: "base")
    try await repository.save(contentsOf: base)
    fileSystem.failEverySync(7, losingPages: losingPages)

    let notes = sampleNotes(60, prefix: "saved")
    let acknowledged = await saveEach(notes, to: repository)
    fileSystem.failEverySync(nil)

    #expect(acknowledged.count < notes.count, "no sync failed")
    #expect(acknowledged.count > notes.count / 2, "saves stopped succeeding after a failure")
    #expect(await repository.loadAll() == base + acknowledged)
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == base + acknowledged)
    #expect(reopened.warnings.isEmpty, "\(reopened.warnings)")
  }

  /// The same with saves in flight together, which share their syncs: in every other round
  /// of 60 concurrent saves the first `fsync` of the journal fails and drops its pages.
  /// Every save either returns and is stored, or throws and is not, in memory and after a
  /// reopen.
  @Test func concurrentSavesAFailedSyncCoveredAreAllTakenBack() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", fileSystem: fileSystem)
    let base = sampleNotes(2, prefix: "base")
    try await repository.save(contentsOf: base)

    var acknowledged: [Note] = []
    var failed = 0
    for round in 0..<6 {
      if round % 2 == 1 { fileSystem.failNextJournalSyncLosingPages() }
      let notes = sampleNotes(60, prefix: "round \(round)")
      let stored = await withTaskGroup(of: Note?.self) { group in
        for note in notes {
          group.addTask { (try? await repository.save(note)) == nil ? nil : note }
        }
        var stored: [Note] = []
        for await note in group { if let note { stored.append(note) } }
        return stored
      }
      failed += notes.count - stored.count
      acknowledged += stored
    }

    #expect(failed > 0 && !acknowledged.isEmpty, "\(failed) failed")
    let expected = Set((base + acknowledged).map(\.id))
    #expect(Set(await repository.loadAll().map(\.id)) == expected)
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(Set(await reopened.loadAll().map(\.id)) == expected)
  }

  /// A lossy store's background sync, or ``LocalRepository/synchronize()``, that fails takes
  /// back the changes written since the last sync, as a power cut would have, and says so.
  @Test func aFailedSynchronizeTakesBackTheLossyChangesItCovered() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    var configuration = StoreConfiguration()
    configuration.durability = .lossyOnPowerCut(syncWithin: .seconds(3600))
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: configuration,
      fileSystem: fileSystem)
    let base = sampleNotes(2, prefix: "base")
    try await repository.save(contentsOf: base)  // A new store's snapshot: durable.
    for note in sampleNotes(3, prefix: "lossy") { try await repository.save(note) }
    fileSystem.fail("fsync", onPathEndingIn: ".journal", times: 1)
    await #expect(throws: PersistenceError.self) { try await repository.synchronize() }
    fileSystem.fail(at: nil)

    #expect(await repository.loadAll() == base)
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == base)
    let later = Note(title: "later", text: "a")
    try await repository.save(later)
    try await repository.synchronize()
    #expect(await repository.loadAll() == base + [later])
  }

  /// The folder's `fsync` after a new snapshot is renamed into place fails: the old snapshot
  /// is put back, so the save fails with the store as it was, and the next one works.
  @Test func aFailedFolderSyncPutsTheOldSnapshotBack() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    var configuration = StoreConfiguration()
    configuration.strategy = .rewrite
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: configuration,
      fileSystem: fileSystem)
    let base = sampleNotes(3)
    try await repository.save(contentsOf: base)
    let before = bytes(of: folder.appending("q.json"))

    fileSystem.fail("fsync", onPathEndingIn: folder.url.lastPathComponent, times: 1)
    await #expect(throws: PersistenceError.self) {
      try await repository.save(Note(title: "not synced", text: "a"))
    }
    fileSystem.fail(at: nil)

    #expect(bytes(of: folder.appending("q.json")) == before)
    #expect(await repository.loadAll() == base)
    let next = Note(title: "next", text: "a")
    try await repository.save(next)
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == base + [next])
  }

  /// When even putting the old snapshot back cannot be synced, the repository says so and
  /// refuses every later change until it is opened again; memory still equals the file.
  @Test func aRepositoryThatCannotTakeAChangeBackRefusesLaterChanges() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    var configuration = StoreConfiguration()
    configuration.strategy = .rewrite
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: configuration,
      fileSystem: fileSystem)
    try await repository.save(contentsOf: sampleNotes(3))

    fileSystem.fail("fsync", onPathEndingIn: folder.url.lastPathComponent)
    let error = await #expect(throws: PersistenceError.self) {
      try await repository.save(Note(title: "stuck", text: "a"))
    }
    fileSystem.fail(at: nil)
    #expect(
      error?.description.contains("until it is opened again") == true,
      "\(String(describing: error))")
    let refusal = await #expect(throws: PersistenceError.self) {
      try await repository.save(Note(title: "after", text: "a"))
    }
    #expect(refusal == error)
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await repository.loadAll() == reopened.loadAll())
    try await reopened.save(Note(title: "reopened", text: "a"))
  }
}
