// One connection to a SQLite database file: statements, transactions, pragmas.

import Foundation
internal import LocalStoreCSQLite

/// An open SQLite connection, owned by one ``SQLiteRepository`` and used only on its
/// executor.
///
/// It is opened in SQLite's multi-thread mode (`SQLITE_OPEN_NOMUTEX`): SQLite takes no lock
/// of its own around it, because the repository's serial executor already runs one job at a
/// time. It is not `Sendable`, so the compiler keeps it inside the actor's isolation; no lock
/// of this package guards it either.
final class SQLiteConnection {
  /// SQLite's handle of the connection.
  let handle: OpaquePointer
  /// The statements compiled so far, by their SQL, reused by every call.
  private var statements: [String: SQLiteStatement] = [:]

  /// Opens the database file at `path`, which must exist, for reading and writing, or for
  /// reading only: a read-only connection never writes the file, not even a checkpoint when
  /// it closes.
  ///
  /// A symbolic link at `path` is refused (`SQLITE_OPEN_NOFOLLOW`), and results carry
  /// extended codes (`SQLITE_IOERR_FSYNC` rather than `SQLITE_IOERR`).
  init(path: String, readOnly: Bool = false) throws(SQLiteFailure) {
    var handle: OpaquePointer?
    let flags =
      (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) | SQLITE_OPEN_NOMUTEX
      | SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_EXRESCODE
    let code = sqlite3_open_v2(path, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let failure = SQLiteFailure(code: code, handle: handle, action: "opening the database")
      sqlite3_close_v2(handle)
      throw failure
    }
    self.handle = handle
  }

  deinit {
    statements.removeAll()
    sqlite3_close_v2(handle)
  }

  /// The statement for `sql`, compiled on first use, reset and ready to bind.
  func statement(_ sql: String) throws(SQLiteFailure) -> SQLiteStatement {
    if let statement = statements[sql] {
      statement.reset()
      return statement
    }
    let statement = try SQLiteStatement(sql: sql, database: handle)
    statements[sql] = statement
    return statement
  }

  /// Runs `sql`, one or more statements that return no rows needed here.
  func execute(_ sql: String) throws(SQLiteFailure) {
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    guard code == SQLITE_OK else {
      throw SQLiteFailure(code: code, handle: handle, action: "running \(sql)")
    }
  }

  /// The first column of the first row `sql` returns, as text; empty when it returns none.
  func readText(_ sql: String) throws(SQLiteFailure) -> String {
    let statement = try statement(sql)
    defer { statement.reset() }
    return try statement.step() ? statement.text(at: 0) : ""
  }

  /// The first column of the first row `sql` returns, as an integer; 0 when it returns none.
  func readInteger(_ sql: String) throws(SQLiteFailure) -> Int64 {
    let statement = try statement(sql)
    defer { statement.reset() }
    return try statement.step() ? statement.int64(at: 0) : 0
  }

  /// Runs `body` in one write transaction, taken at once (`BEGIN IMMEDIATE`), and commits it;
  /// rolls it back if `body` throws, and throws that error.
  ///
  /// Taking the write lock first, rather than on the first write, is what makes a read and a
  /// write inside `body` one step: no other connection, in this process or another, can
  /// commit between them. Waiting for that lock is bounded by the connection's busy timeout.
  func writeTransaction<Result>(
    _ body: () throws(SQLiteFailure) -> Result
  ) throws(SQLiteFailure) -> Result {
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      // A failed COMMIT may already have rolled back; then this one fails and is ignored.
      if sqlite3_get_autocommit(handle) == 0 { _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
      throw error
    }
  }

  /// The row ID of the last row inserted, or 0 after ``forgetLastInsertedRow()`` when none
  /// was since: how an upsert tells an insert from an update.
  var lastInsertedRow: Int64 {
    sqlite3_last_insert_rowid(handle)
  }

  /// Makes ``lastInsertedRow`` 0 (a row ID SQLite never gives) until the next insert.
  func forgetLastInsertedRow() {
    sqlite3_set_last_insert_rowid(handle, 0)
  }

  /// How many rows the last INSERT, UPDATE or DELETE changed.
  var changedRowCount: Int {
    Int(sqlite3_changes64(handle))
  }

  /// Makes SQLite wait up to `timeout` for a lock another connection holds before it fails
  /// with `SQLITE_BUSY`.
  func setBusyTimeout(_ timeout: Duration) {
    let milliseconds =
      timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000
    sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
  }
}
