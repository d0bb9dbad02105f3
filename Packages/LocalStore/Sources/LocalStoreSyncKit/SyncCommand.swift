// The `sync` command every app on the synced store shares: one round with the server, worded for the app.

import CommandLineKit
import Foundation
import LocalStore
import LocalStoreSync

/// `<tool> sync`: pushes the pending changes of one synced store and pulls the server's, once;
/// with ``showStatus(in:json:)`` says where things stand, and with
/// ``resolveConflict(_:keepMine:in:json:)`` settles one conflict.
///
/// The app says how its values are kept through closures (whether the folder syncs already,
/// moving it to the synced store, opening that store, counting what a folder that never synced
/// holds), and how it words things through ``wording``; the rest (the server, user and
/// password given or remembered, the reports, the errors) is the same for every app.
@MainActor public struct SyncCommand<Item: Codable & Identifiable & Sendable>
where Item.ID == UUID {
  /// The words of the app's messages.
  public var wording: SyncWording
  /// The server collection that holds the values, in the account's default bucket.
  public var collection: String
  /// The process's environment, where the password is read (``SyncWording/passwordVariable``).
  public var environment: [String: String]
  /// Where reports go: JSON on standard output with `--json`, else sentences on standard error.
  public var console: any Console
  /// Whether the folder's values are in the synced store already.
  public var isSynced: (URL) throws -> Bool
  /// Moves the folder's values into the synced store; returns how many it moved.
  public var moveToSyncedStore: (URL) async throws -> Int
  /// Opens the folder's synced store (the app warns about what it set aside, and keeps it to
  /// be synchronized when the run ends).
  public var openSynced: (URL) async throws -> SyncedRepository<Item>
  /// How many values a folder that never synced holds.
  public var unsyncedCount: (URL) async throws -> Int
  /// The words a conflict shows a value by, such as its title.
  public var title: (Item) -> String
  /// The fields that differ between this device's version and the server's (`nil`: deleted
  /// there), each with both values; none: a conflict shows both versions by their titles.
  public var differences: Differences

  /// The fields that differ between two versions, by name, with each side's value.
  public typealias Differences =
    (_ mine: Item?, _ theirs: Item?) -> [(field: String, mine: String?, theirs: String?)]

  /// The command for one app's synced store.
  public init(
    wording: SyncWording, collection: String, environment: [String: String],
    console: any Console, isSynced: @escaping (URL) throws -> Bool,
    moveToSyncedStore: @escaping (URL) async throws -> Int,
    openSynced: @escaping (URL) async throws -> SyncedRepository<Item>,
    unsyncedCount: @escaping (URL) async throws -> Int, title: @escaping (Item) -> String,
    differences: @escaping Differences = { _, _ in [] }
  ) {
    self.wording = wording
    self.collection = collection
    self.environment = environment
    self.console = console
    self.isSynced = isSynced
    self.moveToSyncedStore = moveToSyncedStore
    self.openSynced = openSynced
    self.unsyncedCount = unsyncedCount
    self.title = title
    self.differences = differences
  }

  /// Syncs the values of `directory` once with the server named by `server` and `user`, or
  /// remembered from the last success; reports what moved and any conflict.
  ///
  /// The first sync checks the server and the account (creating the collection), then moves
  /// the folder to the synced store: every value is then a pending create. A folder whose
  /// first sync failed is left as it was. After a round without an error the server, user and
  /// password are written to `sync.credentials` (0600).
  ///
  /// - Throws: ``SyncCommandError/round(_:pending:)`` when the round failed (what it did not
  ///   send stays pending), ``SyncCommandError/conflicts(_:_:)`` when values changed here and
  ///   on the server, another ``SyncCommandError`` before anything was sent, or the store's
  ///   error.
  public func synchronize(
    server: String?, user: String?, in directory: URL, json: Bool
  ) async throws {
    let credentials = try credentials(server: server, user: user, in: directory)
    let client = KintoClient(
      .init(
        server: credentials.server,
        credentials: KintoCredentials(user: credentials.user, password: credentials.password)))
    var moved = 0
    if (try? isSynced(directory)) != true {
      // Before the folder changes store: a wrong password or a server that cannot be reached
      // leaves a folder that never synced exactly as it was.
      do {
        try await client.createCollection(collection)
      } catch let error as SyncError {
        throw SyncCommandError.round(error, pending: 0)
      }
      moved = try await moveToSyncedStore(directory)
    }
    let store = try await openSynced(directory)
    let outcome: SyncOutcome
    do {
      outcome = try await Synchronizer(client: client, store: store, collection: collection)
        .synchronize()
    } catch let error as SyncError {
      throw SyncCommandError.round(error, pending: await store.pendingCount())
    }
    try await store.recordSuccessfulSync()
    if try SyncCredentials.load(from: directory) != credentials {
      try credentials.save(in: directory)
    }
    let conflicts = try await store.conflicts()
    let report = SyncReport(
      server: credentials.server.absoluteString, user: credentials.user,
      movedToSyncedStore: moved, sent: outcome.sent + outcome.alreadyOnServer,
      pulled: outcome.pulled, pending: await store.pendingCount(),
      conflicts: conflicts.map { SyncReport.Conflict($0, title: title, differences: differences) })
    // A report, as every command's: JSON on standard output, else sentences on standard error.
    if json {
      console.writeOutput(try JSONText.encoded(report))
    } else {
      console.writeError(report.text(wording))
    }
    if !conflicts.isEmpty { throw SyncCommandError.conflicts(conflicts.count, wording) }
  }

  /// The server, user and password of this sync: the arguments and the environment first,
  /// then what the last success remembered.
  private func credentials(
    server: String?, user: String?, in directory: URL
  ) throws(SyncCommandError) -> SyncCredentials {
    let saved = try SyncCredentials.load(from: directory)
    let url: URL
    if let server {
      guard let parsed = URL(string: server), ["http", "https"].contains(parsed.scheme ?? ""),
        parsed.host?.isEmpty == false
      else {
        throw .usage(
          .invalidValue(
            server, option: "--server",
            expected: "an http or https URL such as http://127.0.0.1:8888/v1"))
      }
      url = parsed
    } else if let saved {
      url = saved.server
    } else {
      throw .notConfigured(wording)
    }
    guard let name = user ?? (saved?.server == url ? saved?.user : nil) else {
      throw .usage(.missingOption("--user <name>"))
    }
    let given = environment[wording.passwordVariable].flatMap { $0.isEmpty ? nil : $0 }
    let remembered = saved.flatMap { $0.server == url && $0.user == name ? $0.password : nil }
    guard let password = given ?? remembered else {
      throw .passwordMissing(user: name, server: url.absoluteString, wording)
    }
    return SyncCredentials(server: url, user: name, password: password)
  }
}
