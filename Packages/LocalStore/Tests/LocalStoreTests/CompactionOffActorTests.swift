// A compaction writes and flushes its new snapshot off the actor, which answers reads meanwhile.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite struct CompactionOffActorTests {
  /// While the new snapshot's `fsync` is held, a read and another save must still get
  /// through the actor; once it is let go, the snapshot is installed with every item.
  @Test func theActorAnswersWhileTheNewSnapshotIsFlushed() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    var configuration = StoreConfiguration()
    configuration.minimumCompactionSize = 2_048
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: configuration,
      fileSystem: fileSystem)
    let saved = try await fillJournal(of: repository, in: folder, upTo: 1_800)
    let gate = DispatchSemaphore(value: 0)
    let flushing = Guarded(0)
    fileSystem.holdFlushes(onPathContaining: ".tmp-", until: gate, entered: flushing)
    let trigger = Note(title: "triggers compaction", text: String(repeating: "x", count: 600))
    let compacting = Task { try await repository.save(trigger) }
    try await waitUntil(flushing, reaches: 1)

    // The new snapshot's flush is held. A read and a save, made from a task so that a
    // regression fails instead of hanging, must come back.
    let during = Note(title: "saved during the compaction", text: "a")
    let answered = Guarded(0)
    let work = Task {
      let count = await repository.loadAll().count
      try await repository.save(during)
      answered.withLock { $0 = 1 }
      return count
    }
    let answeredDuringTheFlush = try await finishesWhileHeld(answered)
    gate.signal()
    #expect(answeredDuringTheFlush, "the actor waited for the new snapshot's fsync")
    #expect(try await work.value == saved.count + 1)
    try await compacting.value
    await repository.compactionFinished()

    let journal = journalRecords(in: folder)?.count ?? 0
    #expect(journal < 1_000, "the compaction installed its snapshot and cut the journal")
    #expect(try temporaryFiles(in: folder.url).isEmpty)
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == saved + [trigger, during])
  }
}
