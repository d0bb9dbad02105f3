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

    init<Item>(_ conflict: ItemConflict<Item>, title: (Item) -> String) {
      id = conflict.recordID
      mine = conflict.mine.map(title)
      theirs = conflict.theirs.map(title)
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
    for conflict in conflicts {
      let mine = conflict.mine.map { "\"\(TerminalText.excerpt($0, limit: 60))\"" } ?? "deleted"
      let theirs =
        conflict.theirs.map { "\"\(TerminalText.excerpt($0, limit: 60))\"" } ?? "deleted"
      lines.append("Conflict \(conflict.id): here \(mine), on the server \(theirs).")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
