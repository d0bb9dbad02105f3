// One word of the command line, classified as an option or a positional argument.

/// A classified command-line word, as ``ArgumentScanner`` produces it.
nonisolated enum ArgumentToken: Equatable, Sendable {
  /// A known option, with its value if it has one (`--tag x` or `--tag=x`).
  ///
  /// `value` is `nil` when an option that takes a value had none after it. `spelling` is the
  /// option as typed, without `=value`, for error messages.
  case option(OptionName, value: String?, spelling: String)
  /// A word that looks like an option but is not one, as typed without `=value`.
  case unknownOption(String)
  /// A positional argument; `afterTerminator` is true when it came after `--`.
  case argument(String, afterTerminator: Bool)
}
