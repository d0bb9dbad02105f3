// Folding the journal into a new snapshot once it has outgrown it, mostly off the actor.

import Dispatch
import Foundation

extension StoreEngine {
  /// Where a compaction starts: the sequence its snapshot is encoded at, where the journal's
  /// records after it begin, and the snapshot it replaces.
  struct CompactionPoint {
    let sequence: Int
    let journalEnd: Journal.Position
    let snapshot: Snapshot.Identity?
  }

  /// Where compaction stands: none under way, a snapshot being encoded and written off the
  /// actor, or one written and flushed that came back while durable saves waited for their
  /// sync, for the next change or ``synchronize()`` to put in place.
  enum CompactionPhase {
    case idle
    case encoding(Task<Void, Never>)
    case ready(ReadyCompaction)
  }

  /// A compaction's new snapshot in its flushed temporary file, and where it started.
  struct ReadyCompaction {
    let prepared: DurableFileWriter.Prepared
    let point: CompactionPoint
  }

  /// Whether the journal has outgrown the snapshot enough to be folded into it: once it is
  /// larger than the snapshot and than the compaction minimum, or a quarter of the size cap.
  var needsCompaction: Bool {
    let floor = min(configuration.minimumCompactionSize, configuration.maximumFileSize / 4)
    return journal.length > max(snapshot.lastSeenSize, floor)
  }

  /// Folds the journal into a new snapshot once it has outgrown the snapshot.
  ///
  /// Most of a compaction's cost runs off the actor, which meanwhile goes on answering reads
  /// and taking changes: encoding every item, on the pool (pure work, no waiting), then
  /// writing and flushing the bytes to a temporary file beside the snapshot, on a queue made
  /// for this compaction. Back on the actor, under the lock, the temporary file is renamed
  /// over the snapshot and the journal keeps only the records appended meanwhile. While
  /// saves wait for their sync, it waits for the next change or ``synchronize()``: the
  /// journal it would rewrite holds their records, which a failed sync must be able to take
  /// back. If another writer compacted meanwhile, the temporary file is removed and a later
  /// change tries again.
  ///
  /// The change that triggers it is already durable and returns without waiting for it: a
  /// compaction of a large store takes tens of milliseconds, which a save would otherwise
  /// add to its own, once every few hundred saves. ``synchronize()`` waits for it, so a
  /// short-lived process that synchronizes before it ends (the app does) leaves a compacted
  /// store behind; one that ends first leaves a temporary file, which the next open removes,
  /// and a journal the next change folds. A failure costs nothing but a larger journal.
  func startCompactionIfNeeded(isolation: isolated (any Actor)? = #isolation) {
    precondition(isolation != nil, "the engine runs on its repository's actor")
    guard needsCompaction, case .idle = compaction, !sync.durableSavesWait else { return }
    let encode = replica.snapshotEncoder()
    let point = CompactionPoint(
      sequence: sequence, journalEnd: journal.position, snapshot: snapshot.lastSeenIdentity)
    let configuration = configuration
    let location = snapshot.location
    let fileSystem = snapshot.fileSystem
    compaction = .encoding(
      Task {
        _ = isolation
        let bytes = try? await Self.encodeSnapshot(encode, sequence: point.sequence)
        var prepared: DurableFileWriter.Prepared?
        if let bytes {
          let queue = StoreExecutor.makeQueue(label: "compaction \(location.path)")
          prepared = await withCheckedContinuation { continuation in
            queue.async {
              continuation.resume(
                returning: try? Snapshot.prepare(
                  encoded: bytes, at: location, fileSystem: fileSystem,
                  configuration: configuration))
            }
          }
        }
        self.compaction = .idle
        guard let prepared else { return }
        self.compaction = .ready(ReadyCompaction(prepared: prepared, point: point))
        self.installReadyCompaction()
      })
  }

  /// Puts the ready compaction's snapshot in place, unless saves still wait for their sync.
  func installReadyCompaction() {
    guard case .ready(let ready) = compaction, !sync.durableSavesWait else { return }
    compaction = .idle
    install(ready.prepared, at: ready.point)
  }

  /// Returns once the compaction under way, if any, has installed or dropped its snapshot,
  /// or, while saves still wait for their sync, has it ready for the next change.
  func compactionFinished() async {
    if case .encoding(let task) = compaction { await task.value }
    installReadyCompaction()
  }

  /// Encodes a snapshot with `encode` on the cooperative pool, off the actor.
  @concurrent private static func encodeSnapshot(
    _ encode: @Sendable (Int) throws(PersistenceError) -> [UInt8], sequence: Int
  ) async throws(PersistenceError) -> [UInt8] {
    try encode(sequence)
  }

  /// Puts the snapshot written off the actor in place, unless the files moved on without it.
  private func install(_ prepared: DurableFileWriter.Prepared, at point: CompactionPoint) {
    var othersChanged = false
    var installed = false
    _ = try? lock.withExclusiveLock { () throws(PersistenceError) in
      othersChanged = try catchUp()
      guard !sync.durableSavesWait, !snapshotIsOutdated, point.sequence <= sequence,
        point.journalEnd.generation == journal.generation,
        point.journalEnd.end <= journal.length, point.snapshot == snapshot.lastSeenIdentity
      else { return }
      installed = true  // Renamed into place, or removed by `install`, whatever happens.
      try snapshot.install(prepared)
      if point.sequence == sequence {
        if journal.length > 0 {
          try? journal.truncate(to: 0)
          try? journal.synchronize()
        }
      } else {
        try journal.keepRecords(from: point.journalEnd.end)
      }
    }
    if !installed { snapshot.discard(prepared) }
    if othersChanged { replica.publishUnknownChange() }
  }
}
