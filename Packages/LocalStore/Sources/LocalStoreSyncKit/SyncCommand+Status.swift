// `sync --status` and `sync --keep mine|theirs <id>`: where the sync stands, and one conflict settled, without the network.

import CommandLineKit
import Foundation
import LocalStore
import LocalStoreSync

extension SyncCommand {
  /// Prints the pending changes, the last successful sync and the server of `directory`.
  ///
  /// - Throws: ``SyncCommandError/credentialsRefused(path:reason:)``, or the store's error.
  public func showStatus(in directory: URL, json: Bool) async throws {
    let credentials = try SyncCredentials.load(from: directory)
    var status = SyncStatusReport(
      server: credentials?.server.absoluteString, user: credentials?.user)
    if try isSynced(directory) {
      let store = try await openSynced(directory)
      status.pending = await store.pendingCount()
      status.conflicts = try await store.conflicts().count
      status.lastSuccessfulSync = await store.lastSuccessfulSync()?.formatted(.iso8601)
    } else {
      status.pending = try await unsyncedCount(directory)
      status.neverSynced = true
    }
    console.writeOutput(json ? try JSONText.encoded(status) : status.text(wording))
  }

  /// Settles the sync conflict of the value `reference` designates in `directory`: keeps this
  /// device's version, to be sent over the server's on the next sync, or the server's.
  ///
  /// - Throws: ``/CommandLineKit/IDLookupError`` when no value in conflict matches (a folder
  ///   that never synced has none), or the store's error.
  public func resolveConflict(
    _ reference: IDReference, keepMine: Bool, in directory: URL, json: Bool
  ) async throws {
    guard try isSynced(directory) else {
      _ = try reference.find(in: [Item]())
      return
    }
    let store = try await openSynced(directory)
    let candidates = try await store.conflicts().compactMap { $0.mine ?? $0.theirs }
    let item = try reference.find(in: candidates)
    try await store.resolveConflict(item.id.uuidString.lowercased(), keepingMine: keepMine)
    let shown = "\"\(TerminalText.excerpt(title(item), limit: 60))\""
    if json {
      console.writeOutput(
        try JSONText.encoded(["id": item.id.uuidString, "kept": keepMine ? "mine" : "theirs"]))
    } else {
      console.writeError(
        keepMine
          ? "Kept this device's version of \(shown); it is sent on the next sync.\n"
          : "Kept the server's version of \(shown).\n")
    }
  }
}
