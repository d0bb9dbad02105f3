// One rule a question's text breaks, and the sentence every front end shows for it.

/// A rule of ``QuestionContent`` that a prompt, answer or tag breaks.
///
/// Its ``description`` is one sentence saying what to do, shown verbatim by the add/edit
/// form under the field, by `questions add` as its error, and by an import after the file
/// and line of the row.
public enum QuestionContentProblem: Hashable, Sendable {
  /// The prompt is empty or only white space.
  case emptyPrompt
  /// The answer is empty or only white space.
  case emptyAnswer
  /// The trimmed prompt has `length` characters, more than
  /// ``QuestionContent/maximumPromptLength``.
  case promptTooLong(length: Int)
  /// The trimmed answer has `length` characters, more than
  /// ``QuestionContent/maximumAnswerLength``.
  case answerTooLong(length: Int)
  /// The trimmed tag has `length` characters, more than ``QuestionContent/maximumTagLength``.
  case tagTooLong(String, length: Int)

  /// The field the rule is about.
  public var field: QuestionContent.Field {
    switch self {
    case .emptyPrompt, .promptTooLong: .prompt
    case .emptyAnswer, .answerTooLong: .answer
    case .tagTooLong: .tags
    }
  }
}

extension QuestionContentProblem: CustomStringConvertible {
  /// One sentence saying what to change, such as `Enter a prompt.` or
  /// `Shorten the prompt to 1000 characters or fewer; it has 1234.`
  public var description: String {
    switch self {
    case .emptyPrompt:
      "Enter a prompt."
    case .emptyAnswer:
      "Enter an answer."
    case .promptTooLong(let length):
      "Shorten the prompt to \(QuestionContent.maximumPromptLength) characters or fewer;"
        + " it has \(length)."
    case .answerTooLong(let length):
      "Shorten the answer to \(QuestionContent.maximumAnswerLength) characters or fewer;"
        + " it has \(length)."
    case .tagTooLong(let tag, let length):
      "Shorten the tag “\(tag.prefix(20))…” to \(QuestionContent.maximumTagLength) characters"
        + " or fewer; it has \(length)."
    }
  }
}
