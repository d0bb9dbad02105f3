// What `questions sync` prints: what moved each way, what waits, and the conflicts.

import CommandLineKit
import Foundation
import LocalStoreSync
import Models

/// The outcome of one `questions sync`, as text or as JSON (`--json`).
nonisolated struct SyncReport: Encodable {
  /// A question changed here and on the server.
  struct Conflict: Encodable {
    /// The question's id.
    var id: String
    /// Its prompt here, or `nil` when deleted here.
    var mine: String?
    /// Its prompt on the server, or `nil` when deleted there.
    var theirs: String?

    init(_ conflict: ItemConflict<Question>) {
      id = conflict.recordID
      mine = conflict.mine?.prompt
      theirs = conflict.theirs?.prompt
    }
  }

  var server: String
  var user: String
  /// How many questions the first sync moved into the synced store.
  var movedToSyncedStore: Int
  /// Local changes now on the server.
  var sent: Int
  /// Remote changes pulled.
  var pulled: Int
  /// Local changes still waiting (conflicts included).
  var pending: Int
  var conflicts: [Conflict]

  /// The report as lines of text.
  var text: String {
    var lines: [String] = []
    if movedToSyncedStore > 0 {
      lines.append(
        "Moved \(movedToSyncedStore) questions into the synced store (questions.synced.json);"
          + " the old store's files are kept as they were.")
    }
    lines.append(
      "Synced with \(server) as \(user): sent \(sent), pulled \(pulled), \(pending) pending.")
    for conflict in conflicts {
      let mine = conflict.mine.map { "\"\(TerminalText.excerpt($0, limit: 60))\"" } ?? "deleted"
      let theirs =
        conflict.theirs.map { "\"\(TerminalText.excerpt($0, limit: 60))\"" } ?? "deleted"
      lines.append("Conflict \(conflict.id): here \(mine), on the server \(theirs).")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
