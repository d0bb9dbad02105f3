// One word of the command line, classified as an option or a positional argument.

/// A classified command-line word, as ``ArgumentScanner`` produces it.
public enum ArgumentToken: Equatable, Sendable {
  /// A known option by its ``OptionSpec/name``, with its value if it has one (`--tag x` or
  /// `--tag=x`).
  ///
  /// `value` is `nil` when an option that takes a value had none after it. `spelling` is the
  /// option as typed, without `=value`, for error messages.
  case option(String, value: String?, spelling: String)
  /// A word that looks like an option but is not one, as typed without `=value`.
  case unknownOption(String)
  /// A positional argument; `afterTerminator` is true when it came after `--`.
  case argument(String, afterTerminator: Bool)

  /// The word, when this is a positional argument before `--`.
  public var leadingArgument: String? {
    if case .argument(let word, afterTerminator: false) = self { word } else { nil }
  }

  /// Whether this is the option called `name`.
  public func isOption(_ name: String) -> Bool {
    if case .option(name, _, _) = self { true } else { false }
  }
}
