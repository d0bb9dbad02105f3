// Why a prompt, answer and tags cannot become a question: every rule they break.

import Foundation

/// The rules of ``QuestionContent`` that a prompt, answer and tags break, at most one per
/// field.
public struct QuestionContentError: Error, Hashable, Sendable {
  /// The broken rules, in the order prompt, answer, tags.
  public var problems: [QuestionContentProblem]

  /// Creates an error listing `problems`.
  public init(problems: [QuestionContentProblem]) {
    self.problems = problems
  }
}

extension QuestionContentError: CustomStringConvertible {
  /// The sentence of each problem, separated by spaces.
  public var description: String {
    problems.map(\.description).joined(separator: " ")
  }
}

extension QuestionContentError: LocalizedError {
  /// The sentence of each problem, separated by spaces, as ``description``.
  public var errorDescription: String? { description }
}
