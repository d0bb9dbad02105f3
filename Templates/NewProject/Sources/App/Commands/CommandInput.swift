// One command with its arguments and options, and the checks every command makes on them.

import CommandLineKit

/// A command as typed, ready for its model's ``CommandSet/run(_:in:json:console:stores:)``:
/// the shared parser has checked that each option belongs to it and has its value.
nonisolated struct CommandInput: Sendable {
  /// The command, such as `add`, with the group word in front if there was one.
  var name: String
  /// The words after the command.
  var arguments: [String]
  /// What the shared parser read from the command line.
  var parsed: ParsedCommandLine

  /// The command without its group word: `add` for `ingredients add`.
  var command: String { String(name.split(separator: " ").last ?? "") }

  /// Whether an option of the command (not a global one) was given.
  var hasOptions: Bool { parsed.hasCommandOptions }

  /// A usage error about this command, followed by its usage line.
  func usage(_ error: UsageError) -> AppError {
    .usage(error, command: name)
  }

  /// The one argument the command takes, named `argument` (`<id>`) in errors.
  func single(_ argument: String) throws(AppError) -> String {
    guard let first = arguments.first else { throw usage(.missingArgument(argument)) }
    guard arguments.count == 1 else { throw usage(.unexpectedArgument(arguments[1])) }
    return first
  }

  /// Refuses any argument.
  func noArguments() throws(AppError) {
    if let first = arguments.first { throw usage(.unexpectedArgument(first)) }
  }

  /// The value given for `option`, or `nil`; refused when given more than once.
  func value(_ option: String) throws(AppError) -> String? {
    do {
      return try parsed.single(option)
    } catch {
      throw usage(error)
    }
  }

  /// Every value given for `option`, in order; `nil` when it was not given.
  func values(_ option: String) -> [String]? {
    parsed.values[option]
  }
}
