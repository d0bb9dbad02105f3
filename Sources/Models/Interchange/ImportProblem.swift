// One bad row of an imported file: where it starts and what is wrong with it.

/// A row of an imported file that cannot become a question.
public struct ImportProblem: Equatable, Sendable {
  /// The line of the file where the row starts, counting from 1.
  public var line: Int
  /// What is wrong, in words, such as `the answer is empty`.
  public var message: String

  /// Creates a problem report.
  public init(line: Int, message: String) {
    self.line = line
    self.message = message
  }
}
