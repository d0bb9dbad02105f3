// A plain SQLite connection for tests: what another program could do to a store's file.

import Foundation
import LocalStoreCSQLite

/// A connection of the test's own to a database file, beside the repository's, for running
/// SQL the repository never runs (a trigger that refuses a row, a pragma to read).
final class RawDatabase {
  private let handle: OpaquePointer

  /// Opens the database at `url` for reading and writing.
  init(_ url: URL) throws {
    var handle: OpaquePointer?
    guard sqlite3_open_v2(url.path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK,
      let handle
    else {
      sqlite3_close_v2(handle)
      throw RawDatabaseError(message: "cannot open \(url.path)")
    }
    sqlite3_busy_timeout(handle, 10_000)
    self.handle = handle
  }

  deinit {
    sqlite3_close_v2(handle)
  }

  /// Runs `sql`.
  func execute(_ sql: String) throws {
    guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
      throw RawDatabaseError(message: String(cString: sqlite3_errmsg(handle)))
    }
  }

  /// The first column of the first row of `sql`, as text.
  func text(_ sql: String) throws -> String? {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
      throw RawDatabaseError(message: String(cString: sqlite3_errmsg(handle)))
    }
    defer { sqlite3_finalize(statement) }
    guard sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0)
    else { return nil }
    return String(cString: text)
  }
}

/// A failure of ``RawDatabase``, with SQLite's message.
struct RawDatabaseError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
