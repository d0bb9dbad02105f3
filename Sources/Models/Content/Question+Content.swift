// Making a question from content that passed the rules, the one way text becomes a question.

import Foundation

extension Question {
  /// Creates a question from a prompt, answer and tags that follow the rules.
  ///
  /// Build `content` with ``QuestionContent/init(prompt:answer:tags:)``, which cleans the
  /// text and throws ``QuestionContentError`` when a rule is broken.
  ///
  /// - Parameters:
  ///   - id: The identity; a new random UUID unless given.
  ///   - content: The checked prompt, answer and tags.
  ///   - createdAt: The creation time, truncated to whole milliseconds.
  public init(id: UUID = UUID(), content: QuestionContent, createdAt: Date = .now) {
    self.init(
      id: id, prompt: content.prompt, answer: content.answer, tags: content.tags,
      createdAt: createdAt)
  }
}
