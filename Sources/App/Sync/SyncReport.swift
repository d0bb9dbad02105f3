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
    /// The fields that differ, each with both values (`nil`: that side deleted it).
    var differences: [Difference]

    /// One field that differs.
    struct Difference: Encodable {
      var field: String
      var mine: String?
      var theirs: String?
    }

    init(_ conflict: ItemConflict<Question>) {
      id = conflict.recordID
      mine = conflict.mine?.prompt
      theirs = conflict.theirs?.prompt
      differences = ConflictPage.differences(yours: conflict.mine, theirs: conflict.theirs).map {
        Difference(field: $0.0, mine: $0.2, theirs: $0.1)
      }
    }

    /// The conflict in one line: the question, then what differs, or which side deleted it.
    var line: String {
      func quoted(_ text: String) -> String { "\"\(TerminalText.excerpt(text, limit: 60))\"" }
      let title = (mine ?? theirs).map { " " + quoted($0) } ?? ""
      let what: String
      switch (mine, theirs) {
      case (nil, _): what = "deleted here, changed on the server"
      case (_, nil): what = "changed here, deleted on the server"
      default:
        what = differences.map { difference in
          "\(difference.field) here \(difference.mine.map(quoted) ?? "none"), on the server "
            + (difference.theirs.map(quoted) ?? "none")
        }.joined(separator: "; ")
      }
      return "Conflict \(id)\(title): \(what)."
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
    lines += conflicts.map(\.line)
    return lines.joined(separator: "\n") + "\n"
  }
}
