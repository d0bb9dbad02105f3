// What `sync` prints: what moved each way, what waits, and the conflicts.

import CommandLineKit
import Foundation
import LocalStoreSync

/// The outcome of one `sync`, as text or as JSON (`--json`).
struct SyncReport: Encodable {
  /// A value changed here and on the server.
  struct Conflict: Encodable {
    /// The value's id.
    var id: String
    /// Its title here, or `nil` when deleted here.
    var mine: String?
    /// Its title on the server, or `nil` when deleted there.
    var theirs: String?
    /// The fields that differ, each with both values (`nil`: that side deleted it).
    var differences: [Difference]

    /// One field that differs.
    struct Difference: Encodable {
      var field: String
      var mine: String?
      var theirs: String?
    }

    init<Item>(
      _ conflict: ItemConflict<Item>, title: (Item) -> String,
      differences: (Item?, Item?) -> [(field: String, mine: String?, theirs: String?)]
    ) {
      id = conflict.recordID
      mine = conflict.mine.map(title)
      theirs = conflict.theirs.map(title)
      self.differences = differences(conflict.mine, conflict.theirs).map {
        Difference(field: $0.field, mine: $0.mine, theirs: $0.theirs)
      }
    }

    /// The conflict in one line: the value, then each field that differs, both ways; or both
    /// versions by their titles (or "deleted").
    var line: String {
      func quoted(_ text: String) -> String { "\"\(TerminalText.excerpt(text, limit: 60))\"" }
      // An app that says no field by field shows both versions by their titles.
      guard let mine, theirs != nil, !differences.isEmpty else {
        return "Conflict \(id): here \(mine.map(quoted) ?? "deleted"), on the server "
          + "\(theirs.map(quoted) ?? "deleted")."
      }
      let what = differences.map { difference in
        "\(difference.field) here \(difference.mine.map(quoted) ?? "none"), on the server "
          + (difference.theirs.map(quoted) ?? "none")
      }
      return "Conflict \(id) \(quoted(mine)): \(what.joined(separator: "; "))."
    }
  }

  var server: String
  var user: String
  /// How many values the first sync moved into the synced store.
  var movedToSyncedStore: Int
  /// Local changes now on the server.
  var sent: Int
  /// Remote changes pulled.
  var pulled: Int
  /// Local changes still waiting (conflicts included).
  var pending: Int
  var conflicts: [Conflict]

  /// The report as lines of text, in `wording`'s words.
  func text(_ wording: SyncWording) -> String {
    var lines: [String] = []
    if movedToSyncedStore > 0 {
      lines.append(
        "Moved \(movedToSyncedStore) \(wording.plural) into the synced store"
          + " (\(wording.syncedFilename)); the old store's files are kept as they were.")
    }
    lines.append(
      "Synced with \(server) as \(user): sent \(sent), pulled \(pulled), \(pending) pending.")
    lines += conflicts.map(\.line)
    return lines.joined(separator: "\n") + "\n"
  }
}
