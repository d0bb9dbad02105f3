// Every way a command line can be wrong, each said in one wording that every tool built on this module shares.

/// A wrong command line, with the sentence that says so.
///
/// A tool wraps it in its own error type with the subcommand it concerns, for the usage line
/// that follows the sentence; the sentence itself is written here only, so two tools never
/// word the same mistake two ways. Every usage error exits with ``ExitCode/usage``.
public enum UsageError: Error, Equatable, Sendable {
  /// The word is not one of `subcommands`, the words that may stand there.
  case unknownSubcommand(String, subcommands: [String])
  /// `group` (a word that selects a set of subcommands) was given without one after it.
  case missingSubcommand(group: String, subcommands: [String])
  /// An option that does not exist here; `candidates` are the options that do.
  case unknownOption(String, candidates: [String])
  /// An option that exists, but not for `subcommand`.
  case optionNotApplicable(String, subcommand: String)
  /// An option that takes a value was given none.
  case missingValue(option: String)
  /// A flag was given a value, as in `--json=yes`.
  case unexpectedValue(option: String)
  /// An option that may appear once appeared again.
  case repeatedOption(String)
  /// A required option is missing, such as `--answer <text>`.
  case missingOption(String)
  /// A required positional argument is missing, such as `<id>`.
  case missingArgument(String)
  /// A positional argument the subcommand does not take.
  case unexpectedArgument(String)
  /// An argument or option value that is empty or only white space.
  case blankValue(String)
  /// An option value that is not one of those allowed, such as `--format xml`.
  case invalidValue(String, option: String, expected: String)
  /// An option that takes a whole number of at least 1 was given another value.
  case notAPositiveNumber(String, option: String)
  /// A command that changes fields was given none to change; `example` shows one.
  case nothingToChange(subcommand: String, example: String)
  /// The text of a value to store breaks a content rule; `sentence` says which.
  case invalidContent(String)
  /// Not an id, nor at least ``IDReference/minimumPrefixLength`` hex digits of one; `noun`
  /// names what has the id (`recipe`).
  case malformedID(String, noun: String)
  /// The argument at `position` (from 1, after the program's name) is not valid UTF-8;
  /// `shown` is it with each invalid byte replaced by U+FFFD, for the message only.
  case invalidArgumentEncoding(position: Int, shown: String)
  /// The environment variable `name`, which would name the data folder, is not valid UTF-8;
  /// `shown` is its value with each invalid byte replaced by U+FFFD.
  case invalidEnvironmentEncoding(name: String, shown: String)

  /// The sentence a tool prints after `<name>: error: `.
  public var sentence: String {
    switch self {
    case .unknownSubcommand(let name, let subcommands):
      "Unknown subcommand '\(name)'" + Self.didYouMean(name, among: subcommands)
        + " The subcommands are: " + subcommands.joined(separator: ", ") + "."
    case .missingSubcommand(let group, let subcommands):
      "'\(group)' needs a subcommand after it: " + subcommands.joined(separator: ", ") + "."
    case .unknownOption(let option, let candidates):
      "Unknown option '\(option)'" + Self.didYouMean(option, among: candidates)
    case .optionNotApplicable(let option, let subcommand):
      "The option '\(option)' does not apply to '\(subcommand)'."
    case .missingValue(let option):
      "Missing value for '\(option)'. Write '\(option)=<value>' if the value starts with '-'."
    case .unexpectedValue(let option):
      "The flag '\(option)' does not take a value."
    case .repeatedOption(let option):
      "The option '\(option)' can only be given once."
    case .missingOption(let option):
      "Missing option '\(option)'."
    case .missingArgument(let argument):
      "Missing argument '\(argument)'."
    case .unexpectedArgument(let argument):
      "Unexpected argument '\(argument)'."
    case .blankValue(let name):
      "'\(name)' cannot be empty or blank."
    case .invalidValue(let value, let option, let expected):
      "'\(value)' is not a valid value for '\(option)'; use \(expected)."
    case .notAPositiveNumber(let text, let option):
      "'\(option)' needs a whole number of at least 1, not '\(text)'."
    case .nothingToChange(let subcommand, let example):
      "'\(subcommand)' needs at least one field to change, such as '\(example)'."
    case .invalidContent(let sentence):
      sentence
    case .malformedID(let text, let noun):
      "'\(text)' is not \(Article.indefinite(for: noun)) \(noun) id: give the full id or at"
        + " least \(IDReference.minimumPrefixLength) of its first hex digits."
    case .invalidArgumentEncoding(let position, let shown):
      "Argument \(position) ('\(shown)', with \u{FFFD} for each bad byte) is not valid UTF-8;"
        + " nothing was run. Retype it, or rename the file or folder it names."
    case .invalidEnvironmentEncoding(let name, let shown):
      "The environment variable \(name) ('\(shown)', with \u{FFFD} for each bad byte) is not"
        + " valid UTF-8, so it cannot name the data folder; nothing was run. Set it to a"
        + " UTF-8 path, or pass --data-dir."
    }
  }

  /// `; did you mean 'list'?` when a candidate is close to `word`, else `.`.
  private static func didYouMean(_ word: String, among candidates: [String]) -> String {
    Suggestion.nearest(to: word, among: candidates).map { "; did you mean '\($0)'?" } ?? "."
  }
}
