// `questions sync`: push the pending changes and pull the server's, once; `--status` says where things stand.

import CommandLineKit
import Foundation
import LocalStore
import LocalStoreSync
import Models
import Persistence

extension CommandRunner {
  /// The environment variable that holds the sync password: never an argument, which other
  /// users of the machine can read in the process list.
  nonisolated static let passwordVariable = "QUESTIONS_SYNC_PASSWORD"
  /// The server collection that holds the questions, in the account's default bucket.
  nonisolated static let syncCollection = "questions"

  /// Syncs the questions of `directory` once with the server named by `server` and `user`,
  /// or remembered from the last success; reports what moved and any conflict (JSON on
  /// standard output with `--json`, else sentences on standard error, as every report).
  ///
  /// The first sync checks the server and the account (creating the collection), then moves
  /// the folder to the synced store (``/Persistence/StoreMover``): every question is then a
  /// pending create. A folder whose first sync failed is left as it was. After a round without an error the server, user and
  /// password are written to `sync.credentials` (0600).
  ///
  /// - Throws: ``AppError/sync(_:pending:)`` when the round failed (what it did not send stays
  ///   pending), ``AppError/syncConflicts(_:)`` when questions changed here and on the server.
  func synchronize(
    server: String?, user: String?, in directory: URL, json: Bool
  ) async throws(AppError) {
    let credentials = try syncCredentials(server: server, user: user, in: directory)
    let client = KintoClient(
      .init(
        server: credentials.server,
        credentials: KintoCredentials(user: credentials.user, password: credentials.password)))
    var moved = 0
    if (try? StoreKind.current(in: directory)) != .synced {
      // Before the folder changes store: a wrong password or a server that cannot be reached
      // leaves a folder that never synced exactly as it was.
      do {
        try await client.createCollection(Self.syncCollection)
      } catch let error as SyncError {
        throw .sync(error, pending: 0)
      } catch {
        throw .storeFailed(String(describing: error))
      }
      moved = try await moveToSyncedStore(in: directory)
    }
    let store: SyncedRepository<Question>
    do {
      store = try await StoreKind.synced.openSynced(in: directory)
    } catch {
      throw .store(error)
    }
    warn(about: store.warnings)
    openedStores.keep(store)
    let outcome: SyncOutcome
    do {
      outcome = try await Synchronizer(
        client: client, store: store, collection: Self.syncCollection
      ).synchronize()
    } catch let error as SyncError {
      throw .sync(error, pending: await store.pendingCount())
    } catch {
      throw .storeFailed(String(describing: error))
    }
    do {
      try await store.recordSuccessfulSync()
    } catch {
      throw .store(error)
    }
    if try SyncCredentials.load(from: directory) != credentials {
      try credentials.save(in: directory)
    }
    let conflicts: [ItemConflict<Question>]
    do {
      conflicts = try await store.conflicts()
    } catch {
      throw .storeFailed(String(describing: error))
    }
    let report = SyncReport(
      server: credentials.server.absoluteString, user: credentials.user,
      movedToSyncedStore: moved, sent: outcome.sent + outcome.alreadyOnServer,
      pulled: outcome.pulled, pending: await store.pendingCount(),
      conflicts: conflicts.map(SyncReport.Conflict.init))
    // A report, as every command's: JSON on standard output, else sentences on standard error.
    if json {
      console.writeOutput(try JSONFormatter().encode(report))
    } else {
      console.writeError(report.text)
    }
    if !conflicts.isEmpty { throw .syncConflicts(conflicts.count) }
  }

  /// Prints the pending changes, the last successful sync and the server of `directory`.
  func showSyncStatus(in directory: URL, json: Bool) async throws(AppError) {
    let credentials = try SyncCredentials.load(from: directory)
    var status = SyncStatusReport(
      server: credentials?.server.absoluteString, user: credentials?.user)
    do {
      if try StoreKind.current(in: directory) == .synced {
        let store = try await StoreKind.synced.openSynced(in: directory)
        warn(about: store.warnings)
        status.pending = await store.pendingCount()
        status.conflicts = try await store.conflicts().count
        status.lastSuccessfulSync = await store.lastSuccessfulSync()?.formatted(.iso8601)
      } else {
        status.pending = try await openQuestions(in: directory).count()
        status.neverSynced = true
      }
    } catch let error as AppError {
      throw error
    } catch {
      throw .store(error)
    }
    console.writeOutput(json ? try JSONFormatter().encode(status) : status.text)
  }

  /// The server, user and password of this sync: the arguments and the environment first,
  /// then what the last success remembered.
  private func syncCredentials(
    server: String?, user: String?, in directory: URL
  ) throws(AppError) -> SyncCredentials {
    let saved = try SyncCredentials.load(from: directory)
    let url: URL
    if let server {
      guard let parsed = URL(string: server), ["http", "https"].contains(parsed.scheme ?? ""),
        parsed.host?.isEmpty == false
      else {
        throw .invalidValue(
          server, option: OptionName.server.rawValue,
          expected: "an http or https URL such as http://127.0.0.1:8888/v1", subcommand: .sync)
      }
      url = parsed
    } else if let saved {
      url = saved.server
    } else {
      throw .syncNotConfigured
    }
    guard let name = user ?? (saved?.server == url ? saved?.user : nil) else {
      throw .missingOption("--user <name>", subcommand: .sync)
    }
    let given = context.environment[Self.passwordVariable].flatMap { $0.isEmpty ? nil : $0 }
    let remembered = saved.flatMap { $0.server == url && $0.user == name ? $0.password : nil }
    guard let password = given ?? remembered else {
      throw .syncPasswordMissing(user: name, server: url.absoluteString)
    }
    return SyncCredentials(server: url, user: name, password: password)
  }

  /// Moves the questions of `directory` to the synced store if they are in another; returns
  /// how many it moved (0 when they were there already).
  private func moveToSyncedStore(in directory: URL) async throws(AppError) -> Int {
    do {
      // The setting is written in the folder: a folder that holds nothing yet is made, as a
      // store's first change makes it (0700).
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
      return try await StoreMover(directory: directory).move(to: .synced).questions
    } catch let error as PersistenceError {
      throw .persistence(error)
    } catch let error as QuestionStoreError {
      throw .store(error)
    } catch {
      throw .storeFailed((error as? any LocalizedError)?.errorDescription ?? "\(error)")
    }
  }
}
