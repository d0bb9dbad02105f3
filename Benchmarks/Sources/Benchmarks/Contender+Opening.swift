// How each contender's store is created in a folder and filled with one batch.

import Foundation
import LocalStore
import LocalStoreSync
import Models

extension Contender {
  /// The `synchronous` level this contender opens SQLite with; `nil` for those not on SQLite.
  var sqliteSynchronous: SQLiteStore.Synchronous? {
    switch self {
    case .sqliteFull, .sqliteFullQueued: .full
    case .sqliteNormal: .normal
    case .original, .journal, .rewrite, .relaxed, .watched, .synced, .floor, .queuedFloor,
      .queuedWrite:
      nil
    }
  }

  /// Creates this contender's store in the empty `folder` and writes `batch` to it at once.
  ///
  /// The batch is one `save(contentsOf:)` for a repository, one transaction for SQLite, one
  /// `write` and `fsync` for the floor. The original pattern has no batch save: its file is
  /// written the way one of its saves writes it (encode the array, write atomically), then
  /// opened.
  ///
  /// - Returns: The open store, and how long the batch took.
  func makeStore(
    in folder: URL, filledWith batch: QuestionBatch
  ) async throws -> (store: any DurableStore, batch: Duration) {
    if let shared = try await makeSharedStore(in: folder, filledWith: batch) {
      return (shared.store, shared.batch)
    }
    let clock = ContinuousClock()
    let path = folder.appendingPathComponent(filename).path
    if self == .synced {
      let store = try await SyncedRepository<Question>.open(directory: folder, filename: filename)
      let start = clock.now
      if batch.count > 0 { try await store.save(contentsOf: batch.questions) }
      return (store, start.duration(to: clock.now))
    }
    if self == .sqliteFullQueued {
      let store = try QueuedSQLiteStore(path: path, synchronous: .full)
      let start = clock.now
      if batch.count > 0 { try await store.insert(contentsOf: batch.questions) }
      return (store, start.duration(to: clock.now))
    }
    if let synchronous = sqliteSynchronous {
      let store = try SQLiteStore(path: path, synchronous: synchronous)
      let start = clock.now
      if batch.count > 0 { try store.insert(contentsOf: batch.questions) }
      return (store, start.duration(to: clock.now))
    }
    // The floors; the actor-based contenders returned above.
    let log = try AppendOnlyLog(path: path, synchronizes: self != .queuedWrite)
    let bytes = batch.joinedRecords
    let start = clock.now
    if !bytes.isEmpty { try log.append(bytes) }
    let elapsed = start.duration(to: clock.now)
    return (self == .floor ? log : QueuedAppendOnlyLog(log: log), elapsed)
  }

  /// Like ``makeStore(in:filledWith:)`` for the actor-based contenders; `nil` for the others.
  func makeSharedStore(
    in folder: URL, filledWith batch: QuestionBatch
  ) async throws -> (store: any SharedStore, batch: Duration)? {
    let clock = ContinuousClock()
    switch self {
    case .original:
      let start = clock.now
      try OriginalRepository<Question>.writeStore(
        batch.questions, to: folder.appendingPathComponent(filename))
      let elapsed = start.duration(to: clock.now)
      return (OriginalRepository<Question>(directory: folder, filename: filename), elapsed)
    case .journal, .rewrite, .relaxed, .watched:
      let repository = try await openRepository(in: folder)
      if self == .watched { await Self.subscribe(to: repository) }
      let start = clock.now
      if batch.count > 0 { try await repository.save(contentsOf: batch.questions) }
      return (repository, start.duration(to: clock.now))
    default:
      return nil
    }
  }

  /// The configuration this contender's `LocalRepository` is opened with.
  var configuration: StoreConfiguration {
    var configuration = StoreConfiguration()
    if self == .rewrite { configuration.strategy = .rewrite }
    if self == .relaxed {
      configuration.durability = .lossyOnPowerCut(syncWithin: .milliseconds(100))
    }
    return configuration
  }

  /// A `LocalRepository` on the store in `folder`, configured for this contender and opened
  /// as an app opens one: with `open`, off the caller's thread.
  func openRepository(in folder: URL) async throws -> LocalRepository<Question> {
    try await LocalRepository<Question>.open(
      directory: folder, filename: filename, configuration: configuration)
  }

  /// Reads every change of `repository` from a task of its own until the repository is
  /// released, which ends the sequence.
  static func subscribe(to repository: LocalRepository<Question>) async {
    let changes = await repository.changes()
    Task.detached {
      for await _ in changes {}
    }
  }
}
