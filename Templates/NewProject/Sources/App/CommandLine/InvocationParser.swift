// Turns the words of a command line into an `Invocation`, or a usage error that says what is wrong.

import CommandLineKit

/// Parses `__EXECUTABLE__ [--data-dir <dir>] [--json] [--no-color] [<group>] <subcommand> [<arguments>]`.
///
/// The words are split by the shared ``ArgumentScanner``: options may come before or after the
/// command, as `--name value` or `--name=value`, and `--` ends the options, so a title may
/// start with a dash. The shared options are handled here; the options of the commands (every
/// model's field options) are left to the command, which knows which of them it takes. Every
/// mistake is worded by ``UsageError``, as every tool made from the template words it.
nonisolated enum InvocationParser {
  /// The invocation `arguments` describe (without the program's name), knowing the commands'
  /// own options, `commandOptions` (each takes a value).
  ///
  /// - Throws: An ``AppError/usage(_:command:)`` naming the word that is wrong.
  static func parse(_ arguments: [String], commandOptions: [String]) throws(AppError) -> Invocation
  {
    let options = OptionSpec.global + commandOptions.map { OptionSpec($0, takesValue: true) }
    let tokens = ArgumentScanner.scan(arguments, options: options)
    var invocation = Invocation()
    if tokens.contains(where: { $0.isOption(OptionSpec.help.name) }) {
      invocation.help = true
      return invocation
    }
    var dataDirectories: [String] = []
    for token in tokens {
      switch token {
      case .argument(let word, _):
        invocation.words.append(word)
      case .unknownOption(let spelling):
        throw .usage(.unknownOption(spelling, candidates: options.map(\.name)), command: nil)
      case .option(let name, let value, let spelling):
        let takesValue = options.first { $0.name == name }?.takesValue ?? false
        if takesValue {
          guard let value else { throw .usage(.missingValue(option: spelling), command: nil) }
          if name == OptionSpec.dataDirectory.name {
            dataDirectories.append(value)
          } else {
            invocation.options.append(CommandOption(name: name, value: value))
          }
        } else if value != nil {
          throw .usage(.unexpectedValue(option: spelling), command: nil)
        } else if name == OptionSpec.json.name {
          invocation.json = true
        } else if name == OptionSpec.noColor.name {
          invocation.noColor = true
        }
      }
    }
    guard dataDirectories.count <= 1 else {
      throw .usage(.repeatedOption(OptionSpec.dataDirectory.name), command: nil)
    }
    if let folder = dataDirectories.first, folder.allSatisfy(\.isWhitespace) {
      throw .usage(.blankValue(OptionSpec.dataDirectory.name), command: nil)
    }
    invocation.dataDirectory = dataDirectories.first
    return invocation
  }
}
