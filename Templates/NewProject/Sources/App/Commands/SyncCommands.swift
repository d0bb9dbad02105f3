// `__EXECUTABLE__ sync`: the shared sync command (LocalStoreSyncKit) over the __models__' store and its Kinto collection.

import CommandLineKit
import Foundation
import LocalStore
import LocalStoreSync
import LocalStoreSyncKit
import Models
import Persistence
import ViewModels

/// `sync`, `sync --status` and `sync --keep mine|theirs <id>`: the __models__ with a Kinto
/// server, by the same command, reports and errors as every app built on the store's package.
///
/// The first sync moves the __models__ from `__STORE__` into the synced store beside it
/// (``/Persistence/__MODEL__Store/syncedStore(in:)``); the server's collection is named after
/// the store, `__models__` (``/ViewModels/__NAME__Sync/collection``).
enum SyncCommands {
  /// The environment variable that holds the password: never an argument, which other users
  /// of the machine can read in the process list.
  static let passwordVariable = "__ENV_PREFIX___SYNC_PASSWORD"

  /// The words of the command's messages.
  static let wording = SyncWording(
    tool: CommandRunner.tool.name, noun: __MODEL__Commands.noun, plural: __MODEL__Commands.plural,
    syncedFilename: SyncedStoreSwitch.syncedFilename(for: __MODEL__Store.filename),
    passwordVariable: passwordVariable)

  /// The command as the shared parser and help layout know it.
  static var spec: CommandSpec { .sync(wording) }

  /// Runs `input` on the __models__ in `directory`, the reports to `console`; the stores it
  /// opens are kept in `stores`, synchronized once the command is done.
  static func run(
    _ input: CommandInput, in directory: URL, json: Bool, context: ProcessContext,
    console: any Console, stores: OpenedStores
  ) async throws(AppError) {
    let (keep, server, user) = (
      try input.value("--keep"), try input.value("--server"), try input.value("--user")
    )
    let request: SyncRequest
    do throws(UsageError) {
      request = try SyncRequest(
        keep: keep, server: server, user: user, status: input.parsed.flags.contains("--status"),
        arguments: input.arguments, noun: __MODEL__Commands.noun)
    } catch {
      throw input.usage(error)
    }
    guard let synced = __MODEL__Store.syncedStore(in: directory) else {
      throw .storeFailed(
        "\(CommandRunner.tool.name) sync needs the synced store, and this project keeps its"
          + " \(__MODEL__Commands.plural) in SQLite (\(__MODEL__Store.filename)), which does"
          + " not sync. Nothing was sent.")
    }
    let command = SyncCommand<__MODEL__>(
      wording: wording, collection: __NAME__Sync.collection,
      environment: context.environment, console: console,
      isSynced: { _ in try synced.isSynced() },
      moveToSyncedStore: { directory in
        let source = try await __MODEL__Commands.openStore(
          in: directory, console: console, keptIn: stores)
        return try await synced.move(from: source) {
          try await __MODEL__Store.open(in: directory).repository
        }
      },
      openSynced: { _ in
        let store: SyncedRepository<__MODEL__> = try await synced.openSynced()
        for warning in store.warnings {
          console.writeError(CommandRunner.tool.warning(warning.message))
        }
        stores.keep(store)
        return store
      },
      unsyncedCount: { directory in
        try await __MODEL__Commands.openStore(in: directory, console: console, keptIn: stores)
          .count()
      },
      title: \.__title__,
      differences: { mine, theirs in
        guard let mine, let theirs else { return [] }
        return mine.differences(from: theirs).map {
          (field: $0.field, mine: $0.yours, theirs: $0.theirs)
        }
      })
    do {
      switch request {
      case .round(let server, let user):
        try await command.synchronize(server: server, user: user, in: directory, json: json)
      case .status:
        try await command.showStatus(in: directory, json: json)
      case .keep(let reference, let mine):
        try await command.resolveConflict(reference, keepMine: mine, in: directory, json: json)
      }
    } catch {
      throw .sync(
        error, noun: __MODEL__Commands.noun, plural: __MODEL__Commands.plural,
        listCommand: __MODEL__Commands.listCommand)
    }
  }
}
