// One command with its arguments and options, and the checks every command makes on them.

import CommandLineKit

/// A command as typed, ready for its model's ``CommandSet/run(_:in:json:console:stores:)``.
nonisolated struct CommandInput: Sendable {
  /// The command, such as `add`, with the group word in front if there was one.
  var name: String
  /// The words after the command.
  var arguments: [String]
  /// The options left to the command.
  var options: [CommandOption]

  /// The command without its group word: `add` for `ingredients add`.
  var command: String { String(name.split(separator: " ").last ?? "") }

  /// A usage error about this command, followed by its usage line.
  func usage(_ error: UsageError) -> AppError {
    .usage(error, command: name)
  }

  /// Refuses any option not in `allowed`.
  func allowOnly(_ allowed: [String]) throws(AppError) {
    for option in options where !allowed.contains(option.name) {
      throw usage(.optionNotApplicable(option.name, subcommand: name))
    }
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
    let given = options.filter { $0.name == option }
    guard given.count <= 1 else { throw usage(.repeatedOption(option)) }
    return given.first?.value
  }

  /// Every value given for `option`, in order; `nil` when it was not given.
  func values(_ option: String) -> [String]? {
    let values = options.filter { $0.name == option }.map(\.value)
    return values.isEmpty ? nil : values
  }
}
