// Which store keeps a data folder's questions: the journal store or the SQLite store.

import Foundation
import LocalStore
import LocalStoreSQLite
import LocalStoreSync
import Models

/// The store that keeps the questions of a data folder, as its setting file says.
///
/// The journal store (`questions.json`, ``/LocalStore/LocalRepository``) is the default and
/// keeps every question in memory; the SQLite store (`questions.sqlite`,
/// ``/LocalStoreSQLite/SQLiteRepository``) reads a page at a time, for banks larger than
/// memory. The synced store (`questions.synced.json`, `SyncedRepository` of the
/// `LocalStoreSync` module) is a journal store whose every change is also its
/// outbox entry for a Kinto server; `questions sync` moves a folder to it the first time, so
/// that a folder that never syncs keeps its store and format. The choice is one word in
/// `questions.store` in the data folder, written by `questions migrate` (or the first
/// `questions sync`) only once the other store holds a verified copy of every question.
public enum StoreKind: String, CaseIterable, Sendable {
  /// `questions.json` and its journal, the default.
  case journal
  /// `questions.sqlite`, a SQLite database with its write-ahead log.
  case sqlite
  /// `questions.synced.json` and its journal: each question with its sync state.
  case synced

  /// The setting file in the data folder: `journal` or `sqlite`; absent means `journal`.
  public static let settingFilename = "questions.store"

  /// The store's file in the data folder.
  public var filename: String {
    switch self {
    case .journal: "questions.json"
    case .sqlite: "questions.sqlite"
    case .synced: "questions.synced.json"
    }
  }

  /// The files beside ``filename`` that belong to the store and that a new store of that
  /// name would read: a new store must never find an old one's log.
  public var companionFilenames: [String] {
    switch self {
    case .journal, .synced: [filename + ".journal", filename + ".lock"]
    case .sqlite: [filename + "-wal", filename + "-shm"]
    }
  }

  /// How the person reads it: "the journal store (questions.json)".
  public var name: String {
    switch self {
    case .journal: "the journal store (\(filename))"
    case .sqlite: "the SQLite store (\(filename))"
    case .synced: "the synced store (\(filename))"
    }
  }

  /// The store the setting in `directory` names; the journal store when there is no setting.
  ///
  /// - Throws: ``QuestionStoreError/unreadableSetting(_:)`` when the setting cannot be read
  ///   or names no store.
  public static func current(in directory: URL) throws(QuestionStoreError) -> StoreKind {
    let setting = directory.appendingPathComponent(settingFilename)
    let word: String
    do throws(SettingFile.Failure) {
      guard let text = try SettingFile.word(at: setting) else { return .journal }
      word = text
    } catch {
      throw .unreadableSetting(error.sentence)
    }
    guard let kind = StoreKind(rawValue: word) else {
      throw .unreadableSetting(
        "\(setting.path) says \"\(word.prefix(40))\", which names no store; it should say"
          + " journal, sqlite or synced (`questions migrate --to journal` writes it).")
    }
    return kind
  }

  /// Makes this the store of `directory`, in one durable step: the setting is written
  /// beside it, synced, renamed over the old one and the folder synced.
  ///
  /// - Throws: ``QuestionStoreError/store(_:)`` when it cannot be written.
  public func choose(in directory: URL) throws(QuestionStoreError) {
    do {
      try DurableFile.write(
        Array((rawValue + "\n").utf8), to: directory.appendingPathComponent(Self.settingFilename))
    } catch {
      throw .store(error)
    }
  }

  /// Opens this store in `directory`, off the main actor.
  public func open(in directory: URL) async throws -> OpenedStore<Question> {
    switch self {
    case .journal:
      let repository = try await LocalRepository<Question>.open(
        directory: directory, filename: filename)
      return OpenedStore(repository, warnings: repository.warnings)
    case .sqlite:
      let repository = try await SQLiteRepository<Question>.open(
        directory: directory, filename: filename)
      return OpenedStore(repository)
    case .synced:
      let repository = try await openSynced(in: directory)
      return OpenedStore(repository, warnings: repository.warnings)
    }
  }

  /// Opens the synced store in `directory` as itself, for `questions sync`.
  public func openSynced(in directory: URL) async throws -> SyncedRepository<Question> {
    try await SyncedRepository<Question>.open(
      directory: directory, filename: StoreKind.synced.filename)
  }
}
