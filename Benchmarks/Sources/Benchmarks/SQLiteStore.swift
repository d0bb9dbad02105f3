// SQLite as a contender: a WAL-mode table `(id TEXT PRIMARY KEY, json TEXT)` of questions.

import BenchmarkSQLite
import Foundation
import Models

/// One SQLite database holding each question's JSON under its ID.
///
/// Each ``insert(_:)`` is its own transaction (SQLite's autocommit), so it is durable when it
/// returns to the degree `synchronous` promises: `FULL` syncs the WAL on every commit,
/// `NORMAL` only at checkpoints, so a power cut can lose the last commits. Both pragmas are
/// read back after they are set, and a database that did not take them is refused: a
/// `synchronous` set where it never takes (as GRDB's `prepareDatabase` once did) would make
/// SQLite look faster than the durability it is compared at.
final class SQLiteStore {
  /// SQLite's `PRAGMA synchronous` level.
  enum Synchronous: String {
    case full = "FULL"
    case normal = "NORMAL"

    /// What `PRAGMA synchronous` reads back at this level.
    var number: String {
      switch self {
      case .full: "2"
      case .normal: "1"
      }
    }
  }

  /// The version of the SQLite library linked, such as `3.40.1`.
  static var libraryVersion: String {
    String(cString: sqlite3_libversion())
  }

  private let database: OpaquePointer
  private let insertStatement: SQLiteStatement
  private let encoder = JSONEncoder()

  /// Opens or creates the database at `path` in WAL mode.
  init(path: String, synchronous: Synchronous) throws(BenchmarkError) {
    var handle: OpaquePointer?
    let status = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
    guard status == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(handle)
      throw .sqlite("open \(path)", code: status, message: message)
    }
    database = handle
    do {
      try Self.execute("PRAGMA journal_mode=WAL", on: handle)
      try Self.execute("PRAGMA synchronous=\(synchronous.rawValue)", on: handle)
      try Self.check("journal_mode", is: "wal", on: handle)
      try Self.check("synchronous", is: synchronous.number, on: handle)
      try Self.execute(
        "CREATE TABLE IF NOT EXISTS questions (id TEXT PRIMARY KEY, json TEXT NOT NULL)",
        on: handle)
      insertStatement = try SQLiteStatement(
        "INSERT OR REPLACE INTO questions (id, json) VALUES (?1, ?2)", in: handle)
    } catch {
      sqlite3_close_v2(handle)
      throw error
    }
  }

  deinit {
    insertStatement.finalize()
    sqlite3_close_v2(database)
  }

  /// Inserts or replaces `question` in a transaction of its own.
  func insert(_ question: Question) throws {
    try insertStatement.run(text: question.id.uuidString, encoder.encode(question))
  }

  /// Inserts or replaces every question of `questions` in one transaction.
  func insert(contentsOf questions: [Question]) throws {
    try Self.execute("BEGIN IMMEDIATE", on: database)
    do {
      for question in questions { try insert(question) }
      try Self.execute("COMMIT", on: database)
    } catch {
      try? Self.execute("ROLLBACK", on: database)
      throw error
    }
  }

  /// Every stored question: `SELECT json`, each row decoded.
  func readAll() throws -> [Question] {
    let select = try SQLiteStatement("SELECT json FROM questions", in: database)
    defer { select.finalize() }
    let decoder = JSONDecoder()
    var questions: [Question] = []
    try select.forEachRow { bytes in
      questions.append(try decoder.decode(Question.self, from: Data(bytes)))
    }
    return questions
  }

  /// Reads `PRAGMA name` back and throws unless it is `expected`.
  private static func check(
    _ name: String, is expected: String, on database: OpaquePointer
  ) throws(BenchmarkError) {
    let statement = try SQLiteStatement("PRAGMA \(name)", in: database)
    defer { statement.finalize() }
    let found = try statement.firstColumnText()
    guard found?.lowercased() == expected else {
      throw .pragma(name, expected: expected, found: found ?? "no row")
    }
  }

  private static func execute(_ sql: String, on database: OpaquePointer) throws(BenchmarkError) {
    let status = sqlite3_exec(database, sql, nil, nil, nil)
    guard status == SQLITE_OK else {
      throw .sqlite(sql, code: status, message: String(cString: sqlite3_errmsg(database)))
    }
  }
}

extension SQLiteStore: DurableStore {
  func save(_ question: Question, record: [UInt8]) throws {
    try insert(question)
  }
}
