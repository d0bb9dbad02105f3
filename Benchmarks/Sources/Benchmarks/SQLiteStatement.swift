// One prepared SQLite statement: bind two texts and step it, or walk its rows.

import BenchmarkSQLite
import Foundation

/// A prepared statement; the owner calls ``finalize()`` before closing the database.
final class SQLiteStatement {
  private let statement: OpaquePointer
  private let database: OpaquePointer
  private let sql: String

  /// Prepares `sql` on `database`.
  init(_ sql: String, in database: OpaquePointer) throws(BenchmarkError) {
    var statement: OpaquePointer?
    let status = sqlite3_prepare_v2(database, sql, -1, &statement, nil)
    guard status == SQLITE_OK, let statement else {
      throw .sqlite(
        "prepare \(sql)", code: status, message: String(cString: sqlite3_errmsg(database)))
    }
    self.statement = statement
    self.database = database
    self.sql = sql
  }

  /// Releases the statement.
  func finalize() {
    sqlite3_finalize(statement)
  }

  /// Binds `first` and the UTF-8 bytes `second` to `?1` and `?2`, and runs the statement once.
  func run(text first: String, _ second: Data) throws(BenchmarkError) {
    // Bound without a copy (a nil destructor is SQLITE_STATIC), so the statement is stepped
    // and reset while both buffers are still alive.
    let status = first.withCString { firstText in
      second.withUnsafeBytes { secondBytes in
        sqlite3_bind_text(statement, 1, firstText, -1, nil)
        sqlite3_bind_text(
          statement, 2, secondBytes.baseAddress?.assumingMemoryBound(to: CChar.self),
          Int32(secondBytes.count), nil)
        let status = sqlite3_step(statement)
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        return status
      }
    }
    guard status == SQLITE_DONE else { throw failure(status) }
  }

  /// Calls `body` with the bytes of the first column of every row.
  func forEachRow(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
    defer { sqlite3_reset(statement) }
    while true {
      let status = sqlite3_step(statement)
      if status == SQLITE_DONE { return }
      guard status == SQLITE_ROW else { throw failure(status) }
      let bytes = sqlite3_column_blob(statement, 0)
      let count = Int(sqlite3_column_bytes(statement, 0))
      try body(UnsafeRawBufferPointer(start: bytes, count: count))
    }
  }

  /// The first column of the first row as text, or `nil` when there is no row.
  func firstColumnText() throws(BenchmarkError) -> String? {
    defer { sqlite3_reset(statement) }
    let status = sqlite3_step(statement)
    if status == SQLITE_DONE { return nil }
    guard status == SQLITE_ROW else { throw failure(status) }
    guard let text = sqlite3_column_text(statement, 0) else { return nil }
    return String(cString: text)
  }

  private func failure(_ status: Int32) -> BenchmarkError {
    .sqlite(sql, code: status, message: String(cString: sqlite3_errmsg(database)))
  }
}
