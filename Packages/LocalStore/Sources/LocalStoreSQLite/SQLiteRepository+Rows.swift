// Items to rows and back, and the one way each kind of call reaches the connection.

import Foundation
import LocalStore

extension SQLiteRepository {
  /// One item as stored: its key and its JSON encoding.
  struct Row {
    var key: String
    var body: Data
  }

  /// The row of `item`.
  func encode(_ item: Item) throws(PersistenceError) -> Row {
    do {
      return Row(key: try ItemKey.of(item.id), body: try encoder.encode(item))
    } catch {
      throw .encodingFailed(fileURL, reason: "\(error)")
    }
  }

  /// The key of `id`.
  func key(of id: Item.ID) throws(PersistenceError) -> String {
    do {
      return try ItemKey.of(id)
    } catch {
      throw .encodingFailed(fileURL, reason: "\(error)")
    }
  }

  /// Inserts `row` at the end, or replaces the body of the row with its key where it stands;
  /// returns whether it inserted one.
  @discardableResult
  func upsert(_ row: Row) throws(SQLiteFailure) -> Bool {
    try upsert(row, with: try upsertStatement())
  }

  /// The statement of ``upsert(_:)``, for a batch to look up once.
  func upsertStatement() throws(SQLiteFailure) -> SQLiteStatement {
    try connection.statement(
      "INSERT INTO items(key, body) VALUES(?1, ?2) ON CONFLICT(key) DO UPDATE SET body = ?2")
  }

  /// ``upsert(_:)`` with its statement, ready to run.
  func upsert(_ row: Row, with statement: SQLiteStatement) throws(SQLiteFailure) -> Bool {
    defer { statement.reset() }
    try statement.bind(row.key, at: 1)
    try statement.bindText(row.body, at: 2)
    connection.forgetLastInsertedRow()
    _ = try statement.step()
    // The update path of an upsert inserts nothing, and leaves the mark at 0.
    return connection.lastInsertedRow != 0
  }

  /// Adds `delta` to the item count the store keeps, inside the transaction that added or
  /// removed those items.
  func adjustCount(by delta: Int) throws(SQLiteFailure) {
    guard delta != 0 else { return }
    let statement = try connection.statement("UPDATE store SET itemCount = itemCount + ?1")
    try statement.bind(Int64(delta), at: 1)
    _ = try statement.step()
  }

  /// The body stored under `key`, or `nil`.
  func body(forKey key: String) throws(SQLiteFailure) -> Data? {
    let statement = try connection.statement("SELECT body FROM items WHERE key = ?1")
    defer { statement.reset() }
    try statement.bind(key, at: 1)
    return try statement.step() ? statement.data(at: 0) : nil
  }

  /// Runs `body` in one write transaction and commits it: a change. For a lossy store it
  /// schedules the log's sync.
  func write<Result>(
    _ body: () throws(SQLiteFailure) -> Result
  ) throws(PersistenceError) -> Result {
    do {
      let result = try connection.writeTransaction(body)
      scheduleSyncIfLossy()
      return result
    } catch {
      throw error.persistenceError(
        for: fileURL, writing: true, lockTimeout: configuration.lockTimeout)
    }
  }

  /// Runs the read `body`; when it fails, notes why in ``readFailure``, tells subscribers the
  /// first time, and returns `nil`.
  func read<Result>(_ body: () throws -> Result) -> Result? {
    do {
      return try body()
    } catch let failure as SQLiteFailure {
      noteReadFailure(
        failure.persistenceError(
          for: fileURL, writing: false, lockTimeout: configuration.lockTimeout))
    } catch let error as PersistenceError {
      noteReadFailure(error)
    } catch {
      noteReadFailure(.corrupt(fileURL, reason: "an item cannot be decoded: \(error)"))
    }
    return nil
  }

  /// Every row `statement` returns, its first column decoded as an item; a row that does not
  /// decode is left out and noted in ``readFailure``.
  func decodeRows(_ statement: SQLiteStatement) throws(SQLiteFailure) -> [Item] {
    defer { statement.reset() }
    var items: [Item] = []
    while try statement.step() {
      do {
        items.append(try decoder.decode(Item.self, from: statement.data(at: 0)))
      } catch {
        noteReadFailure(.corrupt(fileURL, reason: "an item cannot be decoded: \(error)"))
      }
    }
    return items
  }

  private func noteReadFailure(_ error: PersistenceError) {
    if readFailure == nil { feed.publish(.failed(error)) }
    readFailure = error
  }
}
