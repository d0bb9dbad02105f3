// What `sync --status` prints: the server, the last successful sync, what waits.

import Foundation

/// Where a data folder's sync stands, as text or as JSON (`--json`).
struct SyncStatusReport: Encodable {
  /// The server remembered, or `nil` before the first successful sync.
  var server: String?
  /// The user remembered.
  var user: String?
  /// When the last round without an error ended, in ISO 8601.
  var lastSuccessfulSync: String?
  /// Local changes waiting to be sent (for a folder that never synced: every value).
  var pending = 0
  /// Values changed here and on the server, waiting for a choice.
  var conflicts = 0
  /// Whether the folder never synced (its values are not in the synced store yet).
  var neverSynced = false

  init(server: String?, user: String?) {
    self.server = server
    self.user = user
  }

  /// The status as lines of text, in `wording`'s words.
  func text(_ wording: SyncWording) -> String {
    let when = lastSuccessfulSync ?? "never"
    let target = server.map { "\($0) as \(user ?? "?")" } ?? "none yet"
    let never = neverSynced ? " (every \(wording.noun): this folder never synced)" : ""
    var lines = [
      "Server: \(target)", "Last successful sync: \(when)", "Pending changes: \(pending)\(never)",
      "Conflicts: \(conflicts)",
    ]
    if server == nil {
      lines.append(
        "Run '\(wording.tool) sync --server URL --user NAME' with the password in"
          + " \(wording.passwordVariable) to start.")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
