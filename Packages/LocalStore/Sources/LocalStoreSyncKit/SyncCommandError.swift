// Every way the shared `sync` command can fail, each worded for the app that runs it.

import CommandLineKit
import Foundation
import LocalStoreSync

/// A failure of ``SyncCommand``. The store's own errors and an id that matches nothing
/// (``/CommandLineKit/IDLookupError``) are thrown as they are, for the app to word as it
/// words them elsewhere.
public enum SyncCommandError: Error, Equatable, Sendable {
  /// The command line is wrong: a `--server` that is not an http or https URL, no `--user`.
  case usage(UsageError)
  /// No server was given and none is remembered.
  case notConfigured(SyncWording)
  /// No password for `user` at `server`: none in the environment, none remembered.
  case passwordMissing(user: String, server: String, SyncWording)
  /// The credentials file at `path` was refused, for `reason`; nothing was sent.
  case credentialsRefused(path: String, reason: String)
  /// A round failed (server down, refused, wrong password, a bad answer); `pending` local
  /// changes wait for the next sync.
  case round(SyncError, pending: Int)
  /// The sync ended with `count` values changed both here and on the server.
  case conflicts(Int, SyncWording)

  /// Whether the command line is wrong: a usage error, which the usage line follows.
  public var isUsageError: Bool {
    switch self {
    case .usage, .notConfigured: true
    case .passwordMissing, .credentialsRefused, .round, .conflicts: false
    }
  }
}

extension SyncCommandError: LocalizedError {
  /// A sentence saying what went wrong and what to do.
  public var errorDescription: String? {
    switch self {
    case .usage(let error):
      error.sentence
    case .notConfigured(let wording):
      "This data folder has no sync server yet: give --server <url> and --user <name>, with the"
        + " password in \(wording.passwordVariable)."
    case .passwordMissing(let user, let server, let wording):
      "No password for '\(user)' at \(server): set \(wording.passwordVariable) (it is"
        + " never taken as an argument). Nothing was sent."
    case .credentialsRefused(let path, let reason):
      "Refused to read the sync credentials in \(path): \(reason). Nothing was sent."
    case .round(let error, let pending):
      (error.errorDescription ?? "\(error)")
        + (pending > 0
          ? " \(pending) \(pending == 1 ? "change waits" : "changes wait") to be sent." : "")
    case .conflicts(let count, let wording):
      "\(wording.count(count, verb: ("was", "were"))) changed here and on the"
        + " server (listed above); each keeps this device's version here, unsent, until you"
        + " choose which to keep."
    }
  }
}
