// What one run of an exercise's build and tests concluded.

/// The outcome of building an exercise and running its tests.
public enum Verdict: Hashable, Sendable {
  /// The build succeeded and every test passed.
  case passed
  /// Something failed; the summary says what, briefly.
  case failed(FailureSummary)

  /// Whether the exercise passes.
  public var passed: Bool { self == .passed }
}

/// The first failure of a run, in a few readable lines rather than the whole log.
public struct FailureSummary: Hashable, Sendable {
  /// Which step failed.
  public enum Stage: String, Hashable, Sendable {
    /// The compiler rejected the code.
    case build
    /// A test recorded an issue, or the test process crashed.
    case test
  }

  /// Which step failed.
  public var stage: Stage
  /// Where: a file name and line, such as `NoteStoreTests.swift:31`, when known.
  public var location: String?
  /// The message, one line.
  public var message: String
  /// A few more lines that explain it (a test's comment, the compiler's note).
  public var details: [String]

  /// A summary of `stage` at `location` saying `message`.
  public init(stage: Stage, location: String?, message: String, details: [String] = []) {
    self.stage = stage
    self.location = location
    self.message = message
    self.details = details
  }

  /// The summary as lines of plain text, the location first.
  public var lines: [String] {
    let head = (location.map { "\($0): " } ?? "") + message
    return [head] + details
  }
}
