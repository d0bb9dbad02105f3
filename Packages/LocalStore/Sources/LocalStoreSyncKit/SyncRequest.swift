// What a `sync` command line asks for: a round, the status, or one conflict settled; checked before anything opens.

import CommandLineKit

/// The three things `<tool> sync` does, read from its options and arguments by the same rules
/// in every app, so that a wrong command line is the same usage error everywhere.
public enum SyncRequest: Equatable, Sendable {
  /// A round with the server given, or remembered when `nil`.
  case round(server: String?, user: String?)
  /// `--status`: where the sync stands.
  case status
  /// `--keep mine|theirs <id>`: settle the conflict of the value `reference` designates.
  case keep(IDReference, mine: Bool)

  /// The request of `--keep`, `--server`, `--user` and `--status` as given (`nil`, `false`:
  /// not given), and the command's `arguments`; `noun` names a value in errors (`plant`).
  ///
  /// - Throws: The ``/CommandLineKit/UsageError`` of a wrong command line: `--keep` with
  ///   another word than mine or theirs, with another option, or without one id; an argument
  ///   without `--keep`; a blank server or user; `--status` with a server or a user.
  public init(
    keep: String?, server: String?, user: String?, status: Bool, arguments: [String],
    noun: String
  ) throws(UsageError) {
    if let side = keep {
      guard ["mine", "theirs"].contains(side.lowercased()) else {
        throw .invalidValue(side, option: "--keep", expected: "mine or theirs")
      }
      if let given = server != nil ? "--server" : user != nil ? "--user" : nil {
        throw .unexpectedArgument(given)
      }
      if status { throw .unexpectedArgument("--status") }
      guard let text = arguments.first else { throw .missingArgument("<id>") }
      if arguments.count > 1 { throw .unexpectedArgument(arguments[1]) }
      guard let reference = IDReference(text) else { throw .malformedID(text, noun: noun) }
      self = .keep(reference, mine: side.lowercased() == "mine")
      return
    }
    if let first = arguments.first { throw .unexpectedArgument(first) }
    if server?.allSatisfy(\.isWhitespace) == true { throw .blankValue("--server") }
    if user?.allSatisfy(\.isWhitespace) == true { throw .blankValue("--user") }
    if status {
      if let given = server != nil ? "--server" : user != nil ? "--user" : nil {
        throw .unexpectedArgument(given)
      }
      self = .status
    } else {
      self = .round(server: server, user: user)
    }
  }
}
