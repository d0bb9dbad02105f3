// The SQLite store's peer: GRDB's DatabasePool in WAL mode, synchronous=FULL set on its writer
// and read back.

import Foundation
import GRDB
import Models

/// Questions in a GRDB `DatabasePool`, laid out as `SQLiteRepository` lays them out: a row per
/// question, its ID as a unique key, its JSON as the body, in the order of first save.
///
/// `DatabasePool` turns WAL on and then sets `synchronous = NORMAL` on its writer, after
/// `Configuration.prepareDatabase` has run, so a level set there never takes (strace: two WAL
/// syncs for 300 commits). The level is set on the writer once the pool is open, and read back
/// with `journal_mode`; a pool that did not take them stops the run.
final class GRDBStore: DurableStore, Sendable {
  let pool: DatabasePool

  /// Opens (creating if needed) the database at `path`; `synchronous` is 2 (FULL) or 1.
  init(path: String, synchronous: Int = 2) throws {
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    pool = try DatabasePool(path: path, configuration: configuration)
    let (mode, level) = try pool.writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA synchronous = \(synchronous)")
      return (
        try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "",
        try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1
      )
    }
    guard mode.lowercased() == "wal" else {
      throw BenchmarkError.pragma("GRDB journal_mode", expected: "wal", found: mode)
    }
    guard level == synchronous else {
      throw BenchmarkError.pragma(
        "GRDB synchronous", expected: String(synchronous), found: String(level))
    }
    try pool.write { db in
      try db.execute(
        sql: """
          CREATE TABLE IF NOT EXISTS items(
            position INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, body TEXT NOT NULL)
          """)
    }
  }

  /// Saves `question` in one write transaction, encoding it on the writer's queue as the
  /// SQLite store encodes on its actor.
  func save(_ question: Question, record: [UInt8]) async throws {
    try await pool.write { db in
      let body = String(decoding: try JSONEncoder().encode(question), as: UTF8.self)
      try db.execute(
        sql: "INSERT INTO items(key, body) VALUES(?, ?) ON CONFLICT(key) DO UPDATE SET body = ?2",
        arguments: [question.id.uuidString, body])
    }
  }

  /// Saves every question of `questions` in one write transaction.
  func save(contentsOf questions: [Question]) async throws {
    try await pool.write { db in
      let encoder = JSONEncoder()
      let statement = try db.makeStatement(
        sql: "INSERT INTO items(key, body) VALUES(?, ?) ON CONFLICT(key) DO UPDATE SET body = ?2")
      for question in questions {
        let body = String(decoding: try encoder.encode(question), as: UTF8.self)
        try statement.execute(arguments: [question.id.uuidString, body])
      }
    }
  }

  /// The question with the ID `id`, read by key on one of the pool's readers and decoded.
  func find(by id: UUID) async throws -> Question? {
    let body = try await pool.read { db in
      try String.fetchOne(
        db, sql: "SELECT body FROM items WHERE key = ?", arguments: [id.uuidString])
    }
    return try body.map { try JSONDecoder().decode(Question.self, from: Data($0.utf8)) }
  }
}
