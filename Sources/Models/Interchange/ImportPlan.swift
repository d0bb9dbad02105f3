// What an import would store, and what it would reject, worked out before anything is written.

/// The result of reading a file of questions: the questions to save and the rows that failed.
///
/// Rows are applied in file order. When the same id appears on several rows, the later row
/// wins, at the position of the first, and ``merged`` counts the rows that were folded into
/// an earlier one. The plan says nothing about the store: whether a question adds or
/// replaces is decided when it is saved.
public struct ImportPlan: Equatable, Sendable {
  /// The valid questions, one per id, in the order their ids first appear in the file.
  public var questions: [Question]
  /// The first rows that cannot become questions, in file order: at most
  /// ``maximumKeptProblems`` of them; ``problemCount`` counts them all.
  public var problems: [ImportProblem]
  /// How many rows cannot become questions, including those not kept in ``problems``.
  public var problemCount: Int
  /// How many valid rows repeated the id of an earlier valid row and replaced it.
  public var merged: Int

  /// The most problems a plan keeps: a file of millions of bad rows costs a count, not a
  /// sentence per row, so an import's memory stays a small multiple of its file.
  public static let maximumKeptProblems = 100

  /// Creates a plan; `problemCount` is the number of problems, by default those given.
  public init(
    questions: [Question], problems: [ImportProblem], problemCount: Int? = nil, merged: Int
  ) {
    self.questions = questions
    self.problems = problems
    self.problemCount = problemCount ?? problems.count
    self.merged = merged
  }

  /// How many rows the file holds, valid or not: every row became a question, was merged
  /// into one, or is a problem.
  public var rowCount: Int { validRowCount + problemCount }

  /// How many rows are valid: ``questions`` plus the ``merged`` rows.
  public var validRowCount: Int { questions.count + merged }
}
