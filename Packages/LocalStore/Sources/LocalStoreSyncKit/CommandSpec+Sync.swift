// The `sync` command as the shared parser and help layout know it, worded for one app.

import CommandLineKit
import TerminalUI

extension CommandSpec {
  /// `sync [--server <url> --user <name>] [--status] [--keep mine|theirs <id>]`, with the
  /// help page that says where the password comes from and what the first sync does, in
  /// `wording`'s words.
  public static func sync(_ wording: SyncWording) -> CommandSpec {
    let note =
      "The password comes from the environment variable \(wording.passwordVariable), never"
      + " from an argument. After the first sync that succeeds, the server, user and password"
      + " are kept in sync.credentials in the data folder (mode 0600), so a later sync needs"
      + " none. The first sync moves the \(wording.plural) into the synced store"
      + " (\(wording.syncedFilename)). When the server cannot be reached, changes stay pending"
      + " for the next sync. \(Article.indefinite(for: wording.noun).capitalizedFirst)"
      + " \(wording.noun) changed here and on the server is a conflict: it keeps this device's"
      + " version, unsent, until `\(wording.tool) sync --keep mine <id>` (sent on the next"
      + " sync) or `--keep theirs <id>`."
    return CommandSpec(
      path: ["sync"], overview: "Send changes to the sync server and fetch its changes, once.",
      usage: "sync [--server <url> --user <name>] [--status] [--keep mine|theirs <id>]",
      arguments: [
        (
          "<id>",
          "With --keep: the \(wording.noun) in conflict, by its id or its first 4 or more hex"
            + " digits."
        )
      ],
      options: [
        OptionSpec("--server", takesValue: true), OptionSpec("--user", takesValue: true),
        OptionSpec("--status"), OptionSpec("--keep", takesValue: true),
      ],
      optionHelp: [
        ("--server <url>", "The Kinto server's address, such as http://127.0.0.1:8888/v1."),
        ("--user <name>", "The account's user name."),
        ("--status", "Print the pending changes, the last successful sync and the server."),
        ("--keep mine|theirs", "Settle the conflict of <id>: keep this device's or the server's."),
      ],
      note: TextWrapper.lines(note, width: 88).joined(separator: "\n"))
  }
}

extension String {
  /// The string with its first letter in upper case: "A plant".
  fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
