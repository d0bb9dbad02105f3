// How each contender's store is created in a folder, filled with one batch, and opened again.

import Foundation
import Models
import Persistence

extension Contender {
  /// The `synchronous` level this contender opens SQLite with; `nil` for those not on SQLite.
  var sqliteSynchronous: SQLiteStore.Synchronous? {
    switch self {
    case .sqliteFull: .full
    case .sqliteNormal: .normal
    case .original, .journal, .rewrite, .relaxed, .watched, .floor, .queuedFloor, .queuedWrite:
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
      let repository = try openRepository(in: folder)
      if self == .watched { await Self.subscribe(to: repository) }
      let start = clock.now
      if batch.count > 0 { try await repository.save(contentsOf: batch.questions) }
      return (repository, start.duration(to: clock.now))
    default:
      return nil
    }
  }

  /// A new `LocalRepository` on the store in `folder`, configured for this contender.
  func openRepository(in folder: URL) throws -> LocalRepository<Question> {
    var configuration = StoreConfiguration()
    if self == .rewrite { configuration.strategy = .rewrite }
    if self == .relaxed {
      configuration.durability = .lossyOnPowerCut(syncWithin: .milliseconds(100))
    }
    return try LocalRepository<Question>(
      directory: folder, filename: filename, configuration: configuration)
  }

  /// Reads every change of `repository` from a task of its own until the repository is
  /// released, which ends the sequence.
  private static func subscribe(to repository: LocalRepository<Question>) async {
    let changes = await repository.changes()
    Task.detached {
      for await _ in changes {}
    }
  }

  /// Opens the existing store in `folder` for the actor-based contenders; `nil` for the others.
  func openSharedStore(in folder: URL) throws -> (any SharedStore)? {
    switch self {
    case .original: OriginalRepository<Question>(directory: folder, filename: filename)
    case .journal, .rewrite, .relaxed, .watched: try openRepository(in: folder)
    default: nil
    }
  }

  /// Opens the existing store in `folder` and reads every item into memory: the cold open.
  ///
  /// For the repositories and the original pattern that is `init`, and for `.watched` also
  /// the subscription that starts watching the files; for SQLite, opening the database and
  /// decoding every row of `SELECT json` into a `[Question]`. The floor has no open.
  ///
  /// - Returns: How many items the store holds, counted after the clock stopped.
  func openAndCount(in folder: URL) async throws -> (count: Int, duration: Duration) {
    let clock = ContinuousClock()
    let start = clock.now
    if let store = try openSharedStore(in: folder) {
      if self == .watched, let repository = store as? LocalRepository<Question> {
        await Self.subscribe(to: repository)
      }
      let elapsed = start.duration(to: clock.now)
      return (await store.loadAll().count, elapsed)
    }
    guard let synchronous = sqliteSynchronous else { return (0, .zero) }
    let store = try SQLiteStore(
      path: folder.appendingPathComponent(filename).path, synchronous: synchronous)
    let questions = try store.readAll()
    return (questions.count, start.duration(to: clock.now))
  }
}
