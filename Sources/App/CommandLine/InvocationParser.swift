// Turns the words of the command line into an `Invocation`, or a usage error, through the shared parser.

import CommandLineKit

/// Parses the command line of `questions`.
///
/// The shared ``/CommandLineKit/CommandLineParser`` reads the line against the subcommands'
/// ``Subcommand/spec``s, as every tool built on `CommandLineKit` does (which words name a
/// command, where options may go, `-h`, `--help` and `help <subcommand>`, the order in which
/// mistakes are reported, did-you-mean); this type only turns its result into a ``Command``
/// and its errors into ``AppError``s.
nonisolated enum InvocationParser {
  /// The parser of `questions`: one command per subcommand.
  static let parser = CommandLineParser(commands: Subcommand.allCases.map(\.spec))

  /// Parses `arguments`, which exclude the program's name.
  ///
  /// - Throws: A usage ``AppError`` for the first problem found.
  static func parse(_ arguments: [String]) throws(AppError) -> Invocation {
    let parsed: ParsedCommandLine
    do {
      parsed = try parser.parse(arguments)
    } catch {
      throw AppError(error)
    }
    let subcommand = parsed.command.flatMap { Subcommand(rawValue: $0[0]) }
    if parsed.asksForHelp { return Invocation(command: .help(subcommand)) }
    let options = GlobalOptions(
      dataDirectory: parsed.dataDirectory, json: parsed.json, noColor: parsed.noColor)
    guard let subcommand else { return Invocation(options: options, command: nil) }
    var values: [OptionName: [String]] = [:]
    for (name, given) in parsed.values {
      if let option = OptionName(rawValue: name) { values[option] = given }
    }
    let flags = Set(parsed.flags.compactMap(OptionName.init(rawValue:)).filter { !$0.isGlobal })
    let arguments = CommandArguments(
      subcommand: subcommand, positionals: parsed.positionals, values: values, flags: flags)
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
