// The ways a store is opened cold: the original pattern's init, LocalRepository's init and
// its async open, SQLite's open and SELECT.

import Foundation
import LocalStore
import Models

/// One way of opening an existing store and reading every item into memory.
enum Opening: String, CaseIterable, Codable, Sendable {
  /// The original pattern's `init`, which reads and decodes the whole file.
  case original
  /// `LocalRepository.init(directory:filename:configuration:)`, which blocks its caller.
  case journalInit
  /// `LocalRepository.open(directory:filename:configuration:)`, awaited: the app's way.
  case journalOpen
  /// `open`, then one subscriber of `changes()`, which starts watching the files.
  case watched
  /// `open` on the store the `.rewrite` contender wrote.
  case rewrite
  /// SQLite: opening the database, `SELECT json` and decoding every row.
  case sqlite

  /// The contender whose batch wrote the store this opening reads.
  var contender: Contender {
    switch self {
    case .original: .original
    case .journalInit, .journalOpen: .journal
    case .watched: .watched
    case .rewrite: .rewrite
    case .sqlite: .sqliteFull
    }
  }

  /// The name shown in the tables.
  var label: String {
    switch self {
    case .original: "original pattern init"
    case .journalInit: "LocalRepository init"
    case .journalOpen: "LocalRepository open()"
    case .watched: "LocalRepository open() + changes()"
    case .rewrite: "LocalRepository .rewrite open()"
    case .sqlite: "SQLite open + SELECT + decode"
    }
  }

  /// Opens the existing store in `folder` for the actor-based contenders; `nil` for SQLite.
  func openSharedStore(in folder: URL) async throws -> (any SharedStore)? {
    let filename = contender.filename
    switch self {
    case .original:
      return OriginalRepository<Question>(directory: folder, filename: filename)
    case .journalInit:
      return try LocalRepository<Question>(
        directory: folder, filename: filename, configuration: contender.configuration)
    case .journalOpen, .rewrite:
      return try await contender.openRepository(in: folder)
    case .watched:
      let repository = try await contender.openRepository(in: folder)
      await Contender.subscribe(to: repository)
      return repository
    case .sqlite:
      return nil
    }
  }

  /// Opens the existing store in `folder` and reads every item into memory: the cold open.
  ///
  /// - Returns: How many items the store holds, counted after the clock stopped.
  func openAndCount(in folder: URL) async throws -> (count: Int, duration: Duration) {
    let clock = ContinuousClock()
    let start = clock.now
    if let store = try await openSharedStore(in: folder) {
      let elapsed = start.duration(to: clock.now)
      return (await store.loadAll().count, elapsed)
    }
    let store = try SQLiteStore(
      path: folder.appendingPathComponent(contender.filename).path, synchronous: .full)
    let questions = try store.readAll()
    return (questions.count, start.duration(to: clock.now))
  }
}
