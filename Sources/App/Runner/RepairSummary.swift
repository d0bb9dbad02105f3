// The sentences `questions repair` prints about one store it rebuilt.

import Foundation
import LocalStore

/// What `repair` says about a store it salvaged: what it kept, what it left out and why,
/// where the original bytes are, and the command that applies the changes it set aside.
struct RepairSummary {
  /// The store's path.
  var store: String
  /// Why the store could not be read, naming the file at fault.
  var damage: String
  /// What the store's items are called: "questions", "quizzes".
  var noun: String
  /// What the salvage did.
  var salvaged: SalvageReport
  /// The data folder, for the command that applies the changes set aside.
  var directory: URL

  /// The sentences, each ending with a line break.
  var text: String {
    let total = salvaged.kept + salvaged.damaged
    var text =
      "\(store) could not be read: \(damage); kept \(salvaged.kept) of \(total) \(noun)"
    let changes =
      salvaged.journalRecordsApplied + salvaged.journalRecordsDamaged
      + salvaged.journalRecordsSetAside
    if changes > 0 {
      text += ", and \(salvaged.journalRecordsApplied) of \(changes) later changes"
    }
    text += ".\n"
    if salvaged.journalAppliedFromStart {
      text +=
        "Its last line, which says which changes it already holds, could not be trusted,"
        + " so the journal's changes were applied from its first.\n"
    }
    if salvaged.journalBytesUnreadable > 0 {
      text +=
        "\(salvaged.journalBytesUnreadable) bytes of the journal were not whole records"
        + " (zeros, other text, or a last record cut short) and were skipped.\n"
    }
    if let unapplied = salvaged.unappliedRecordsAt {
      let count = salvaged.journalRecordsSetAside
      let one = count == 1
      text +=
        "\(count) intact later \(one ? "change comes" : "changes come") after one that is"
        + " damaged or out of sequence, so \(one ? "it was" : "they were") not applied;"
        + " \(one ? "it is" : "they are")"
        + " in \(unapplied.path), one per line. Look at \(one ? "it" : "them"), then apply"
        + " \(one ? "it" : "them") with:\n" + Self.applyCommand(unapplied.path, in: directory)
    }
    if salvaged.checksumMismatch && salvaged.damaged == 0 && !salvaged.truncated {
      text += "Its checksum failed although every item still reads: compare with the original.\n"
    }
    let moved = [salvaged.movedTo, salvaged.journalMovedTo].compactMap { $0?.path }
    text += "Nothing was deleted; the original bytes are in \(moved.joined(separator: " and ")).\n"
    return text
  }

  /// The command that applies the changes set aside in `path` to the store in `directory`,
  /// indented, on a line of its own.
  static func applyCommand(_ path: String, in directory: URL) -> String {
    "  questions --data-dir \(quoted(directory.path)) repair --apply \(quoted(path))\n"
  }

  /// The sentences about `files` of changes an earlier repair set aside and nobody applied
  /// since (``CommandRunner/pendingSetAside(_:in:except:)``); empty when there are none.
  static func pendingText(_ files: [String], in directory: URL) -> String {
    files.map { file in
      "Changes an earlier repair set aside are still waiting in \(file), not applied."
        + " Look at them, then apply them with:\n" + applyCommand(file, in: directory)
    }.joined()
  }

  /// `path` as one word for a POSIX shell: as it is when it holds only characters no shell
  /// treats specially, else in single quotes.
  static func quoted(_ path: String) -> String {
    let plain = path.unicodeScalars.allSatisfy {
      CharacterSet.alphanumerics.contains($0) || "/._-+:,@%".unicodeScalars.contains($0)
    }
    return plain ? path : "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }
}
