// One prepared SQLite statement: bind its parameters, step through its rows, reset it.

import Foundation
internal import LocalStoreCSQLite

/// A compiled statement of one ``SQLiteConnection``, kept and reused by it.
///
/// Used only by the connection's owner on the owner's executor, like the connection itself;
/// it is not `Sendable`. Parameters are numbered from 1 and columns from 0, as in SQLite.
final class SQLiteStatement {
  /// SQLite's handle of the statement.
  let handle: OpaquePointer
  /// The database connection the statement belongs to, for error messages.
  private let database: OpaquePointer
  /// The SQL text, for error messages.
  let sql: String

  /// Compiles `sql` on `database`.
  init(sql: String, database: OpaquePointer) throws(SQLiteFailure) {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v3(
      database, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
    guard code == SQLITE_OK, let statement else {
      sqlite3_finalize(statement)
      throw SQLiteFailure(code: code, handle: database, action: "preparing \(sql)")
    }
    self.handle = statement
    self.database = database
    self.sql = sql
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Binds `text` to parameter `index`; SQLite copies it.
  func bind(_ text: String, at index: Int32) throws(SQLiteFailure) {
    var text = text
    let code = text.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        csqlite_bind_text_copied(handle, index, $0.baseAddress, Int32($0.count))
      }
    }
    try check(code, "binding parameter \(index)")
  }

  /// Binds the UTF-8 text `bytes` to parameter `index`; SQLite copies it.
  func bindText(_ bytes: Data, at index: Int32) throws(SQLiteFailure) {
    let code = bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else {
        return csqlite_bind_text_copied(handle, index, "", 0)
      }
      return csqlite_bind_text_copied(
        handle, index, base.assumingMemoryBound(to: CChar.self), Int32(buffer.count))
    }
    try check(code, "binding parameter \(index)")
  }

  /// Binds the integer `value` to parameter `index`.
  func bind(_ value: Int64, at index: Int32) throws(SQLiteFailure) {
    try check(sqlite3_bind_int64(handle, index, value), "binding parameter \(index)")
  }

  /// Runs the statement to its next row: `true` when there is one to read, `false` when it
  /// is done.
  func step() throws(SQLiteFailure) -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw SQLiteFailure(code: code, handle: database, action: "running \(sql)")
    }
  }

  /// The bytes of column `index` of the current row, copied.
  func data(at index: Int32) -> Data {
    let count = Int(sqlite3_column_bytes(handle, index))
    guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return Data() }
    return Data(bytes: bytes, count: count)
  }

  /// Column `index` of the current row as text.
  func text(at index: Int32) -> String {
    guard let text = sqlite3_column_text(handle, index) else { return "" }
    return String(cString: text)
  }

  /// Column `index` of the current row as an integer.
  func int64(at index: Int32) -> Int64 {
    sqlite3_column_int64(handle, index)
  }

  /// Makes the statement ready to run again; ends the read it may hold open. Its parameters
  /// keep their values until bound again: every use binds all of them.
  func reset() {
    sqlite3_reset(handle)
  }

  private func check(_ code: Int32, _ action: String) throws(SQLiteFailure) {
    guard code == SQLITE_OK else {
      throw SQLiteFailure(code: code, handle: database, action: "\(action) of \(sql)")
    }
  }
}
