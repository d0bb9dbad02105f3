// One command with its arguments and options, and the checks every command makes on them.

/// A command as typed, ready for its model's ``CommandSet/run(_:in:json:console:)``.
nonisolated struct CommandInput: Sendable {
  /// The command, such as `add`, with the group word in front if there was one.
  var name: String
  /// The words after the command.
  var arguments: [String]
  /// The options left to the command.
  var options: [CommandOption]

  /// The command without its group word: `add` for `ingredients add`.
  var command: String { String(name.split(separator: " ").last ?? "") }

  /// Refuses any option not in `allowed`, suggesting the nearest one.
  func allowOnly(_ allowed: [String]) throws(AppError) {
    for option in options where !allowed.contains(option.name) {
      throw .unknownOption(
        option.name, suggestion: Suggestion.nearest(to: option.name, among: allowed),
        command: name)
    }
  }

  /// The one argument the command takes, named `argument` in errors.
  func single(_ argument: String) throws(AppError) -> String {
    guard let first = arguments.first else { throw .missingArgument(argument, command: name) }
    guard arguments.count == 1 else { throw .unexpectedArgument(arguments[1], command: name) }
    return first
  }

  /// Refuses any argument.
  func noArguments() throws(AppError) {
    if let first = arguments.first { throw .unexpectedArgument(first, command: name) }
  }

  /// The last value given for `option`, or `nil`.
  func value(_ option: String) -> String? {
    options.last { $0.name == option }?.value
  }

  /// Every value given for `option`, in order; `nil` when it was not given.
  func values(_ option: String) -> [String]? {
    let values = options.filter { $0.name == option }.map(\.value)
    return values.isEmpty ? nil : values
  }
}
