// What every run of a command-line tool says the same way: its version, its errors and warnings, how it ends.

/// The name and version of a tool, and the lines every run of it prints the same way.
///
/// ```swift
/// let tool = CommandLineTool(name: "recipes", version: "0.1.0")
/// console.writeError(tool.errorReport("Missing argument '<id>'.", usage: "recipes show <id>",
///   helpTopic: "show"))
/// return tool.finish(status, console: console)
/// ```
public struct CommandLineTool: Sendable {
  /// The executable's name, which starts every message: `recipes: error: …`.
  public var name: String
  /// The version `--version` prints.
  public var version: String

  /// A tool called `name` at `version`.
  public init(name: String, version: String) {
    self.name = name
    self.version = version
  }

  /// What `--version` prints: `recipes 0.1.0` and a line break.
  public var versionLine: String { "\(name) \(version)\n" }

  /// Whether `arguments` ask for the version: `--version` before any `--`, and no `-h` or
  /// `--help`, which wins. Checked before the rest of the line, so it works with any command.
  public static func asksForVersion(_ arguments: [String]) -> Bool {
    let options = arguments.prefix { $0 != "--" }
    return options.contains("--version") && !options.contains { $0 == "-h" || $0 == "--help" }
  }

  /// `sentence` as `recipes: error: …`, its control characters neutralised and its length
  /// bounded; after a usage error (`usage` given), the usage line and where to read more.
  public func errorReport(
    _ sentence: String, usage: String? = nil, helpTopic: String? = nil
  )
    -> String
  {
    var lines = ["\(name): error: " + TerminalText.excerpt(TerminalText.neutralized(sentence))]
    if let usage {
      lines.append("Usage: \(usage)")
      lines.append(helpPointer(for: helpTopic))
    }
    return lines.map { $0 + "\n" }.joined()
  }

  /// `sentence` as `recipes: warning: …` and a line break, neutralised.
  public func warning(_ sentence: String) -> String {
    "\(name): warning: " + TerminalText.neutralized(sentence) + "\n"
  }

  /// `Run 'recipes help add' for more information.`, or the general help without a topic.
  public func helpPointer(for topic: String?) -> String {
    let command = [name, "help", topic].compactMap(\.self).joined(separator: " ")
    return "Run '\(command)' for more information."
  }

  /// The status a run ends with, given the status of its command: a write to standard output
  /// or standard error that failed makes it 1 whatever the command did (output that did not
  /// arrive is not a success), and a failed write to standard output is reported on standard
  /// error, unless the reader only closed the pipe, as `head` does.
  public func finish(_ status: Int32, console: any Console) -> Int32 {
    guard let failure = console.writeFailure else { return status }
    if failure.stream == .output && !failure.isClosedPipe {
      console.writeError(
        errorReport(
          "Cannot write to standard output: \(failure.reason). The output is incomplete."))
    }
    return status == ExitCode.success ? ExitCode.failure : status
  }
}
