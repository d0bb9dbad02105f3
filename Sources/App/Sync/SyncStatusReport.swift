// What `questions sync --status` prints: the server, the last successful sync, what waits.

import Foundation

/// Where a data folder's sync stands, as text or as JSON (`--json`).
nonisolated struct SyncStatusReport: Encodable {
  /// The server remembered, or `nil` before the first successful sync.
  var server: String?
  /// The user remembered.
  var user: String?
  /// When the last round without an error ended, in ISO 8601.
  var lastSuccessfulSync: String?
  /// Local changes waiting to be sent (for a folder that never synced: every question).
  var pending = 0
  /// Questions changed here and on the server, waiting for a choice.
  var conflicts = 0
  /// Whether the folder never synced (its questions are not in the synced store yet).
  var neverSynced = false

  init(server: String?, user: String?) {
    self.server = server
    self.user = user
  }

  /// The status as lines of text.
  var text: String {
    let when = lastSuccessfulSync ?? "never"
    let target = server.map { "\($0) as \(user ?? "?")" } ?? "none yet"
    var lines = [
      "Server: \(target)", "Last successful sync: \(when)",
      "Pending changes: \(pending)\(neverSynced ? " (every question: this folder never synced)" : "")",
      "Conflicts: \(conflicts)",
    ]
    if server == nil {
      lines.append(
        "Run 'questions sync --server URL --user NAME' with the password in"
          + " \(CommandRunner.passwordVariable) to start.")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
