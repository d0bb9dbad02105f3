// Reads a command line against a tool's list of commands: which command, its arguments and options, or the first mistake typed.

/// The one parser of every tool built on this module.
///
/// The command is named by the first words before any `--` (`add`, or a group word and a
/// command: `ingredients add`); `help [<command>]` asks for a command's help. Options may come
/// before or after the command's words, as `--name value` or `--name=value` (split by
/// ``ArgumentScanner``); `-h` or `--help` anywhere before `--` asks for help, about the
/// command if the line names one, and wins over every other problem on the line. Mistakes are
/// reported in the order they were typed, each worded by ``UsageError``: a mistyped option
/// before the command (`--datadir /tmp list`) is reported as that option, with the nearest
/// one suggested, not its value as an unknown command.
public struct CommandLineParser: Sendable {
  /// The tool's commands, `help` among them.
  public var commands: [CommandSpec]
  /// The options every command accepts.
  public var globalOptions: [OptionSpec]

  /// A parser for `commands`, with the shared global options.
  public init(commands: [CommandSpec], globalOptions: [OptionSpec] = OptionSpec.global) {
    self.commands = commands
    self.globalOptions = globalOptions
  }

  /// The words that may start a command line: each command's first word, once.
  public var firstWords: [String] {
    var words: [String] = []
    for command in commands where !words.contains(command.path[0]) {
      words.append(command.path[0])
    }
    return words
  }

  /// The command named by `path`, if the tool has it.
  public func command(_ path: [String]) -> CommandSpec? {
    commands.first { $0.path == path }
  }

  /// Reads `arguments`, which exclude the program's name.
  ///
  /// - Throws: A ``CommandLineError`` for the first mistake, in the order typed.
  public func parse(_ arguments: [String]) throws(CommandLineError) -> ParsedCommandLine {
    let tokens = ArgumentScanner.scan(arguments, options: allOptions)
    let words = tokens.enumerated().compactMap { index, token in
      token.leadingArgument.map { (index: index, word: $0) }
    }
    if tokens.contains(where: { $0.isOption(OptionSpec.help.name) }) {
      return ParsedCommandLine(command: longestCommand(in: words.map(\.word)), asksForHelp: true)
    }
    let (path, used) = try resolve(words, tokens: tokens)
    var parsed = ParsedCommandLine(command: path)
    let spec = path.flatMap(command)
    for (index, token) in tokens.enumerated() {
      switch token {
      case .argument(let word, _):
        if !used.contains(index) { parsed.positionals.append(word) }
      case .unknownOption(let spelling):
        throw CommandLineError(
          .unknownOption(spelling, candidates: (globalOptions + (spec?.options ?? [])).map(\.name)),
          command: path)
      case .option(let name, let value, let spelling):
        guard let option = applicable(name, to: spec) else {
          let error: UsageError =
            if let spec {
              .optionNotApplicable(spelling, subcommand: spec.name)
            } else {
              .unknownOption(spelling, candidates: globalOptions.map(\.name))
            }
          throw CommandLineError(error, command: path)
        }
        if option.takesValue {
          guard let value else {
            throw CommandLineError(.missingValue(option: spelling), command: path)
          }
          parsed.values[name, default: []].append(value)
        } else if value != nil {
          throw CommandLineError(.unexpectedValue(option: spelling), command: path)
        } else {
          parsed.flags.insert(name)
        }
      }
    }
    do throws(UsageError) {
      if try parsed.single(OptionSpec.dataDirectory.name)?.allSatisfy(\.isWhitespace) == true {
        throw .blankValue(OptionSpec.dataDirectory.name)
      }
    } catch {
      throw CommandLineError(error, command: path)
    }
    if path == nil, let extra = parsed.positionals.first {
      throw CommandLineError(.unexpectedArgument(extra), command: nil)
    }
    return try helpTopic(of: parsed)
  }

  /// Every option some command takes, and the global ones, for the scanner.
  private var allOptions: [OptionSpec] {
    var options = globalOptions
    for command in commands {
      for option in command.options where !options.contains(where: { $0.name == option.name }) {
        options.append(option)
      }
    }
    return options
  }

  /// `name` if it is global or one of `spec`'s options.
  private func applicable(_ name: String, to spec: CommandSpec?) -> OptionSpec? {
    globalOptions.first { $0.name == name } ?? spec?.options.first { $0.name == name }
  }

  /// The longest command path the leading `words` start with, `nil` if none: what `-h` is about.
  private func longestCommand(in words: [String]) -> [String]? {
    commands.map(\.path).filter { words.starts(with: $0) }.max { $0.count < $1.count }
  }

  /// The command the leading words name, and the indexes of the tokens that named it.
  ///
  /// - Throws: An unknown command or group subcommand, with the nearest suggested; or, when an
  ///   unknown option was typed before that word, the unknown option instead.
  private func resolve(
    _ words: [(index: Int, word: String)], tokens: [ArgumentToken]
  ) throws(CommandLineError) -> (path: [String]?, used: Set<Int>) {
    guard let first = words.first else { return (nil, []) }
    if command([first.word]) != nil { return ([first.word], [first.index]) }
    let group = commands.filter { $0.path.count > 1 && $0.path[0] == first.word }
    guard !group.isEmpty else {
      try unknownOptionTyped(before: first.index, in: tokens)
      throw CommandLineError(
        .unknownSubcommand(first.word, subcommands: firstWords), command: nil)
    }
    let subcommands = group.map { $0.path[1] }
    guard words.count > 1 else {
      try unknownOptionTyped(before: tokens.count, in: tokens)
      throw CommandLineError(
        .missingSubcommand(group: first.word, subcommands: subcommands), command: nil)
    }
    let second = words[1]
    guard subcommands.contains(second.word) else {
      try unknownOptionTyped(before: second.index, in: tokens)
      throw CommandLineError(
        .unknownSubcommand(second.word, subcommands: subcommands), command: nil)
    }
    return ([first.word, second.word], [first.index, second.index])
  }

  /// Throws the first unknown option among the tokens before `index`, if there is one: it was
  /// typed before the mistake found at `index`, and may have swallowed its value.
  private func unknownOptionTyped(
    before index: Int, in tokens: [ArgumentToken]
  ) throws(CommandLineError) {
    for token in tokens.prefix(index) {
      if case .unknownOption(let spelling) = token {
        throw CommandLineError(
          .unknownOption(spelling, candidates: globalOptions.map(\.name)), command: nil)
      }
    }
  }

  /// `parsed`, or, when it names the `help` command, a request for help about the command
  /// its arguments name.
  private func helpTopic(
    of parsed: ParsedCommandLine
  ) throws(CommandLineError)
    -> ParsedCommandLine
  {
    guard parsed.command == [CommandSpec.helpWord] else { return parsed }
    let topic = parsed.positionals
    guard !topic.isEmpty else { return ParsedCommandLine(asksForHelp: true) }
    if let path = longestCommand(in: topic), path.count == topic.count {
      return ParsedCommandLine(command: path, asksForHelp: true)
    }
    if let path = longestCommand(in: topic) {
      throw CommandLineError(.unexpectedArgument(topic[path.count]), command: parsed.command)
    }
    let group = commands.filter { $0.path.count > 1 && $0.path[0] == topic[0] }
    if group.isEmpty {
      throw CommandLineError(
        .unknownSubcommand(topic[0], subcommands: firstWords), command: parsed.command)
    }
    let subcommands = group.map { $0.path[1] }
    guard topic.count > 1 else {
      throw CommandLineError(
        .missingSubcommand(group: topic[0], subcommands: subcommands), command: parsed.command)
    }
    throw CommandLineError(
      .unknownSubcommand(topic[1], subcommands: subcommands), command: parsed.command)
  }
}
