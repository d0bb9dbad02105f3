// Turns the words of a command line into an `Invocation`, or a usage error that says what is wrong.

/// A small parser for `__EXECUTABLE__ [--data-dir DIR] [--json] [group] <command> [arguments]`.
///
/// Options may come before or after the command, as `--name value` or `--name=value`; `--`
/// ends the options, so a title may start with a dash. The shared options are handled here;
/// every other `--name` takes a value and is left to the command, which knows its own.
nonisolated enum InvocationParser {
  /// The options every command shares.
  static let sharedOptions = ["--data-dir", "--json", "--help", "--version"]

  /// The invocation `arguments` describe (without the program's name).
  ///
  /// - Throws: An ``AppError`` usage error naming the word that is wrong.
  static func parse(_ arguments: [String]) throws(AppError) -> Invocation {
    var invocation = Invocation()
    var index = 0
    var optionsEnded = false
    func value(for name: String, inline: String?) throws(AppError) -> String {
      if let inline { return inline }
      index += 1
      guard index < arguments.count else { throw .missingValue(option: name) }
      return arguments[index]
    }
    while index < arguments.count {
      let word = arguments[index]
      if optionsEnded || !word.hasPrefix("-") || word == "-" {
        invocation.words.append(word)
      } else if word == "--" {
        optionsEnded = true
      } else {
        let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
        let name = parts[0]
        let inline = parts.count > 1 ? parts[1] : nil
        switch name {
        case "--data-dir": invocation.dataDirectory = try value(for: name, inline: inline)
        case "--json" where inline == nil: invocation.json = true
        case "--help" where inline == nil, "-h" where inline == nil: invocation.help = true
        case "--version" where inline == nil: invocation.version = true
        case _ where Suggestion.nearest(to: name, among: sharedOptions) != nil:
          throw .unknownOption(
            word, suggestion: Suggestion.nearest(to: name, among: sharedOptions))
        case _ where name.hasPrefix("--") && name.count > 2:
          invocation.options.append(
            CommandOption(name: name, value: try value(for: name, inline: inline)))
        default: throw .unknownOption(word, suggestion: nil)
        }
      }
      index += 1
    }
    return invocation
  }
}
