// SQLite as GRDB's DatabasePool writes: each save on a serial queue, awaited by the caller.

import Models

/// A ``SQLiteStore`` owned by an actor that runs on a serial Dispatch queue: a save is one
/// hop onto the queue, the insert and its `fsync` there, and one hop back to the caller.
actor QueuedSQLiteStore: DurableStore {
  private let executor: DispatchQueueExecutor
  private let store: SQLiteStore

  nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  /// Opens or creates the database at `path` in WAL mode, checking the pragmas as
  /// ``SQLiteStore`` does.
  init(path: String, synchronous: SQLiteStore.Synchronous) throws {
    executor = DispatchQueueExecutor(label: "QueuedSQLiteStore")
    store = try SQLiteStore(path: path, synchronous: synchronous)
  }

  /// Inserts every question of `questions` in one transaction.
  func insert(contentsOf questions: [Question]) throws {
    try store.insert(contentsOf: questions)
  }

  func save(_ question: Question, record: [UInt8]) throws {
    try store.insert(question)
  }
}
