// A command line as CommandLineParser reads it: the command named, its arguments and options, and the global options.

/// What a command line asks for, checked against the tool's commands but not yet against
/// what each command needs (its required arguments, its values' rules): the tool does that.
public struct ParsedCommandLine: Equatable, Sendable {
  /// The path of the command named (`["add"]`), or of the help topic when ``asksForHelp``;
  /// `nil` when the line names none.
  public var command: [String]?
  /// Whether `-h`, `--help` or the `help` command asked for help, about ``command`` if it is
  /// set, else about the tool.
  public var asksForHelp = false
  /// The positional arguments after the command's words, in order.
  public var positionals: [String] = []
  /// Every value given to each value-taking option, by the option's name, in order.
  public var values: [String: [String]] = [:]
  /// The flags given (options without a value), global ones included, by name.
  public var flags: Set<String> = []

  /// A parse that names `command`.
  public init(
    command: [String]? = nil, asksForHelp: Bool = false, positionals: [String] = [],
    values: [String: [String]] = [:], flags: Set<String> = []
  ) {
    self.command = command
    self.asksForHelp = asksForHelp
    self.positionals = positionals
    self.values = values
    self.flags = flags
  }

  /// The `--data-dir` value, checked once by the parser: given at most once, not blank.
  public var dataDirectory: String? { values[OptionSpec.dataDirectory.name]?.first }
  /// Whether `--json` was given.
  public var json: Bool { flags.contains(OptionSpec.json.name) }
  /// Whether `--no-color` was given.
  public var noColor: Bool { flags.contains(OptionSpec.noColor.name) }

  /// Whether any option that is not global was given, such as `--tag`.
  public var hasCommandOptions: Bool {
    let global = Set(OptionSpec.global.map(\.name))
    return values.keys.contains { !global.contains($0) } || flags.contains { !global.contains($0) }
  }

  /// The only value of `option`, `nil` when it was not given.
  ///
  /// - Throws: ``UsageError/repeatedOption(_:)`` when it was given more than once.
  public func single(_ option: String) throws(UsageError) -> String? {
    guard let given = values[option] else { return nil }
    guard given.count == 1 else { throw .repeatedOption(option) }
    return given[0]
  }
}
