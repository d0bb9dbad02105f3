// How a person names a question on the command line: the shared id reference, found among questions.

import CommandLineKit
import Models

/// A question id as typed: a full UUID in any case, or a prefix of at least 4 hex digits
/// (``/CommandLineKit/IDReference``, shared with every tool built on `CommandLineKit`).
typealias QuestionReference = IDReference

extension IDReference {
  /// The one question in `questions` this reference designates.
  ///
  /// - Throws: ``AppError/noSuchQuestion(_:)`` when none matches,
  ///   ``AppError/ambiguousID(_:matches:)`` when a prefix matches several.
  func resolve(in questions: [Question]) throws(AppError) -> Question {
    do {
      return try find(in: questions)
    } catch {
      switch error {
      case .notFound(let typed): throw .noSuchQuestion(typed)
      case .ambiguous(let typed, let matches): throw .ambiguousID(typed, matches: matches)
      }
    }
  }

  /// Whether this reference designates `question`: its whole ID, or a prefix of it.
  func designates(_ question: Question) -> Bool {
    (try? find(in: [question])) != nil
  }
}
