// Turns the words of the command line into an `Invocation`, or a usage error.

import CommandLineKit

/// Parses the command line of `questions`.
///
/// The subcommand is the first positional argument before any `--`. Global options may come
/// before or after it; a subcommand's own options may appear anywhere. `-h` or `--help`
/// anywhere before `--` asks for help, for the subcommand if one was named, and wins over
/// every other problem on the line. The words are split by the shared ``/CommandLineKit/ArgumentScanner``, and
/// every mistake is worded by ``/CommandLineKit/UsageError``.
nonisolated enum InvocationParser {
  /// Parses `arguments`, which exclude the program's name.
  ///
  /// - Throws: A usage ``AppError`` for the first problem found.
  static func parse(_ arguments: [String]) throws(AppError) -> Invocation {
    let tokens = ArgumentScanner.scan(arguments, options: OptionName.specs)
    let name = tokens.lazy.compactMap(\.leadingArgument).first
    let subcommand = name.flatMap(Subcommand.init(rawValue:))
    if tokens.contains(where: { $0.isOption(OptionName.help.rawValue) }) {
      return Invocation(command: .help(subcommand))
    }
    // Mistakes are reported in the order they were typed: in `--datadir /tmp list` the
    // unknown option comes first, and `/tmp` is the value it was meant to take, not a command.
    if let name, subcommand == nil {
      if case .unknownOption(let spelling) = tokens.first(where: {
        if case .unknownOption = $0 { return true }
        return $0.leadingArgument != nil
      }) {
        throw .unknownOption(spelling, subcommand: nil)
      }
      throw .unknownCommand(name)
    }

    var options = GlobalOptions()
    var values: [OptionName: [String]] = [:]
    var flags: Set<OptionName> = []
    var positionals: [String] = []
    var skippedName = false
    for token in tokens {
      switch token {
      case .argument(let word, _):
        if name != nil, !skippedName {
          skippedName = true
        } else {
          positionals.append(word)
        }
      case .unknownOption(let spelling):
        throw .unknownOption(spelling, subcommand: subcommand)
      case .option(let optionName, let value, let spelling):
        guard let option = OptionName(rawValue: optionName),
          option.isGlobal || subcommand?.options.contains(option) == true
        else {
          throw .unknownOption(spelling, subcommand: subcommand)
        }
        if option.takesValue {
          guard let value else { throw .missingValue(option: spelling, subcommand: subcommand) }
          values[option, default: []].append(value)
        } else if value != nil {
          throw .unexpectedValue(option: spelling, subcommand: subcommand)
        } else if !option.isGlobal {
          flags.insert(option)
        }
        if option == .json { options.json = true }
        if option == .noColor { options.noColor = true }
      }
    }
    options.dataDirectory = try single(.dataDirectory, in: values, subcommand: subcommand)
    if options.dataDirectory?.isEmpty == true {
      throw .blankValue(OptionName.dataDirectory.rawValue, subcommand: subcommand)
    }
    guard let subcommand else {
      if let extra = positionals.first { throw .unexpectedArgument(extra, subcommand: nil) }
      return Invocation(options: options, command: nil)
    }
    let arguments = CommandArguments(
      subcommand: subcommand, positionals: positionals, values: values, flags: flags)
    return Invocation(options: options, command: try arguments.command())
  }

  /// The only value of `option`, `nil` when absent.
  static func single(
    _ option: OptionName, in values: [OptionName: [String]], subcommand: Subcommand?
  ) throws(AppError) -> String? {
    guard let given = values[option] else { return nil }
    guard given.count == 1 else { throw .repeatedOption(option.rawValue, subcommand: subcommand) }
    return given[0]
  }
}
