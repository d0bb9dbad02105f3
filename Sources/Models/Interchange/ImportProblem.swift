// One bad row of an imported file: where it starts and what is wrong with it.

/// A row of an imported file that cannot become a question.
public struct ImportProblem: Equatable, Sendable {
  /// The line of the file where the row starts, counting from 1.
  public var line: Int
  /// What is wrong, in words, such as `Enter an answer.` or `the id "x" is not a UUID`.
  public var message: String

  /// Creates a problem report.
  public init(line: Int, message: String) {
    self.line = line
    self.message = message
  }
}
