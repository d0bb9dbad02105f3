// Splits the command line into options and positional arguments.

/// Turns the words of the command line into ``ArgumentToken``s.
///
/// It accepts `--option value` and `--option=value`, and treats every word after `--` as a
/// positional argument. A value-taking option followed by nothing, or by another option, has
/// no value: a value that starts with `-` must be written `--option=-value`. It does not
/// decide whether an option is allowed where it appears; the tool's parser does, once the
/// command is known.
public enum ArgumentScanner {
  /// Classifies every word of `arguments`, which excludes the program's name, knowing
  /// `options`.
  public static func scan(_ arguments: [String], options: [OptionSpec]) -> [ArgumentToken] {
    var tokens: [ArgumentToken] = []
    var index = arguments.startIndex
    var afterTerminator = false
    while index < arguments.endIndex {
      let word = arguments[index]
      index += 1
      if afterTerminator || !looksLikeOption(word) {
        tokens.append(.argument(word, afterTerminator: afterTerminator))
        continue
      }
      if word == "--" {
        afterTerminator = true
        continue
      }
      let (spelling, inlineValue) = split(word)
      guard let option = options.first(where: { $0.matches(spelling) }) else {
        tokens.append(.unknownOption(spelling))
        continue
      }
      var value = inlineValue
      if value == nil, option.takesValue, index < arguments.endIndex,
        !looksLikeOption(arguments[index])
      {
        value = arguments[index]
        index += 1
      }
      tokens.append(.option(option.name, value: value, spelling: spelling))
    }
    return tokens
  }

  /// Whether `word` is an option or `--`; a lone `-` is an ordinary argument.
  public static func looksLikeOption(_ word: String) -> Bool {
    word.hasPrefix("-") && word.count > 1
  }

  /// `--name=value` as (`--name`, `value`); a word without `=`, or a short option, has no value.
  private static func split(_ word: String) -> (String, String?) {
    guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
    return (String(word[..<equals]), String(word[word.index(after: equals)...]))
  }
}
