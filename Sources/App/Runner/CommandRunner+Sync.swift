// `questions sync`: the shared sync command (LocalStoreSyncKit) over the questions' synced store.

import CommandLineKit
import Foundation
import LocalStore
import LocalStoreSync
import LocalStoreSyncKit
import Models
import Persistence

extension CommandRunner {
  /// The environment variable that holds the sync password: never an argument, which other
  /// users of the machine can read in the process list.
  nonisolated static let passwordVariable = "QUESTIONS_SYNC_PASSWORD"
  /// The server collection that holds the questions, in the account's default bucket.
  nonisolated static let syncCollection = "questions"
  /// The words of the sync command's messages.
  nonisolated static let syncWording = SyncWording(
    tool: "questions", noun: "question", plural: "questions",
    syncedFilename: StoreKind.synced.filename, passwordVariable: passwordVariable)

  /// The shared `sync` command over this folder's questions: the synced store is chosen by
  /// the setting (``/Persistence/StoreKind``), and the first sync moves the questions there
  /// with ``/Persistence/StoreMover``.
  var syncCommand: SyncCommand<Question> {
    SyncCommand(
      wording: Self.syncWording, collection: Self.syncCollection,
      environment: context.environment, console: console,
      isSynced: { directory in try StoreKind.current(in: directory) == .synced },
      moveToSyncedStore: { directory in
        // The setting is written in the folder: a folder that holds nothing yet is made, as a
        // store's first change makes it (0700).
        try FileManager.default.createDirectory(
          at: directory, withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o700])
        return try await StoreMover(directory: directory).move(to: .synced).questions
      },
      openSynced: { directory in
        let store = try await StoreKind.synced.openSynced(in: directory)
        warn(about: store.warnings)
        openedStores.keep(store)
        return store
      },
      unsyncedCount: { directory in try await openQuestions(in: directory).count() },
      title: \.prompt,
      differences: { mine, theirs in
        ConflictPage.differences(yours: mine, theirs: theirs).map {
          (field: $0.0, mine: $0.2, theirs: $0.1)
        }
      })
  }

  /// Syncs the questions of `directory` once (``/LocalStoreSyncKit/SyncCommand/synchronize(server:user:in:json:)``).
  func synchronize(
    server: String?, user: String?, in directory: URL, json: Bool
  ) async throws(AppError) {
    do {
      try await syncCommand.synchronize(server: server, user: user, in: directory, json: json)
    } catch {
      throw .sync(error)
    }
  }

  /// Prints the pending changes, the last successful sync and the server of `directory`.
  func showSyncStatus(in directory: URL, json: Bool) async throws(AppError) {
    do {
      try await syncCommand.showStatus(in: directory, json: json)
    } catch {
      throw .sync(error)
    }
  }

  /// Settles the sync conflict of the question `reference` designates in `directory`.
  func resolveSyncConflict(
    _ reference: QuestionReference, keepMine: Bool, in directory: URL, json: Bool
  ) async throws(AppError) {
    do {
      try await syncCommand.resolveConflict(
        reference, keepMine: keepMine, in: directory, json: json)
    } catch {
      throw .sync(error)
    }
  }
}
