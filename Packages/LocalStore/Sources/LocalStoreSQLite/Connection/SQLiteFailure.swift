// What SQLite reported when a call failed, and the store error it becomes.

import Foundation
import LocalStore
internal import LocalStoreCSQLite

/// A failed SQLite call: its extended result code and SQLite's own message.
///
/// It never leaves this module: the repository turns it into a ``/LocalStore/PersistenceError`` that
/// names the store's file (`persistenceError(for:writing:lockTimeout:)`), as every store of
/// this package reports its failures with one error type.
struct SQLiteFailure: Error {
  /// The extended result code, such as `SQLITE_IOERR_FSYNC`.
  let code: Int32
  /// SQLite's message for it, and what the store was doing.
  let message: String

  /// `SQLITE_IOERR_FSYNC` and `SQLITE_IOERR_DIR_FSYNC`, macros Swift does not import.
  static let fsyncFailed = SQLITE_IOERR | (4 << 8)
  static let folderFsyncFailed = SQLITE_IOERR | (5 << 8)

  /// The primary result code (`SQLITE_IOERR` for `SQLITE_IOERR_FSYNC`).
  var primaryCode: Int32 { code & 0xFF }

  /// The failure `code` reported by `handle` while doing `action`.
  init(code: Int32, handle: OpaquePointer?, action: String) {
    self.code = code
    let text =
      handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
      ?? String(cString: sqlite3_errstr(code))
    message = "\(action): \(text) (SQLite error \(code))"
  }

  /// A failure this module found itself, such as a pragma that did not keep its value.
  init(code: Int32 = SQLITE_ERROR, message: String) {
    self.code = code
    self.message = message
  }

  /// The store error for this failure on the database at `url`.
  ///
  /// - Parameters:
  ///   - url: The database's file, which the error names.
  ///   - writing: Whether the store was changing the database; a failure that is neither
  ///     damage nor a busy lock is then a failed write, else a failed read.
  ///   - lockTimeout: How long SQLite waited for another connection (`busy_timeout`).
  func persistenceError(for url: URL, writing: Bool, lockTimeout: Duration) -> PersistenceError {
    switch primaryCode {
    case SQLITE_CORRUPT, SQLITE_NOTADB:
      return .corrupt(url, reason: message)
    case SQLITE_BUSY, SQLITE_LOCKED:
      let seconds =
        Double(lockTimeout.components.seconds)
        + Double(lockTimeout.components.attoseconds) / 1e18
      return .lockTimeout(url, seconds: seconds)
    case SQLITE_FULL:
      return .writeFailed(url, reason: "the disk is full (\(message))")
    case SQLITE_IOERR where code == Self.fsyncFailed || code == Self.folderFsyncFailed:
      // Not `notDurable`: SQLite wrote the commit to its log before the sync failed, and a
      // process that opens the store before this connection's next write finds it there.
      return .outcomeUnknown(
        url,
        reason: "\(message); SQLite keeps such a commit in its log, where the next"
          + " process to open the store may find it")
    default:
      return writing ? .writeFailed(url, reason: message) : .unreadable(url, reason: message)
    }
  }
}
