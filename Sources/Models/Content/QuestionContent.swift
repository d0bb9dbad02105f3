// The rules a question's prompt, answer and tags follow, wherever they come from.

/// A question's prompt, answer and tags, trimmed, cleaned and checked against the limits.
///
/// Every way into the bank builds one: the add/edit form, `questions add` and an import. A
/// value exists only if its text follows the rules, so each of those stores exactly what
/// the others would, and refuses with the same sentences (see
/// ``QuestionContentProblem/description``):
///
/// - The prompt and the answer are trimmed of white space and line breaks at either end,
///   and must then be neither empty nor longer than ``maximumPromptLength`` and
///   ``maximumAnswerLength`` characters.
/// - Tags are cleaned as ``Question/cleanedTags(_:)`` cleans them (trimmed, blank ones
///   dropped, a tag that repeats an earlier one ignoring case dropped), and each must then
///   be at most ``maximumTagLength`` characters.
///
/// Lengths count characters as a person sees them (`String.count`), so "é" is one whatever
/// its encoding.
public struct QuestionContent: Hashable, Sendable {
  /// A part of a question that a rule applies to.
  public enum Field: CaseIterable, Hashable, Sendable {
    /// The question's text.
    case prompt
    /// The expected answer.
    case answer
    /// The tags.
    case tags
  }

  /// The longest prompt accepted, in characters.
  public static let maximumPromptLength = 1_000
  /// The longest answer accepted, in characters.
  public static let maximumAnswerLength = 4_000
  /// The longest tag accepted, in characters.
  public static let maximumTagLength = 50

  /// The prompt, trimmed.
  public let prompt: String
  /// The answer, trimmed.
  public let answer: String
  /// The tags, cleaned, in the order they were given.
  public let tags: [String]

  /// Cleans `prompt`, `answer` and `tags` and checks them against the rules.
  ///
  /// - Parameters:
  ///   - prompt: The question's text as given.
  ///   - answer: The expected answer as given.
  ///   - tags: Tags as given; see ``splitTags(_:)`` for tags typed as one line.
  /// - Throws: ``QuestionContentError`` listing every rule the text breaks, at most one
  ///   per field, in the order prompt, answer, tags.
  public init(prompt: String, answer: String, tags: [String] = []) throws(QuestionContentError) {
    let prompt = Self.trimmed(prompt)
    let answer = Self.trimmed(answer)
    let tags = Question.cleanedTags(tags)
    var problems: [QuestionContentProblem] = []
    if prompt.isEmpty {
      problems.append(.emptyPrompt)
    } else if let length = Self.length(of: prompt, over: Self.maximumPromptLength) {
      problems.append(.promptTooLong(length: length))
    }
    if answer.isEmpty {
      problems.append(.emptyAnswer)
    } else if let length = Self.length(of: answer, over: Self.maximumAnswerLength) {
      problems.append(.answerTooLong(length: length))
    }
    for tag in tags {
      if let length = Self.length(of: tag, over: Self.maximumTagLength) {
        problems.append(.tagTooLong(tag, length: length))
        break
      }
    }
    guard problems.isEmpty else { throw QuestionContentError(problems: problems) }
    self.prompt = prompt
    self.answer = answer
    self.tags = tags
  }

  /// The tags of `typed`, one line of tags separated by commas as a person types them in a
  /// form, before cleaning: `"swift, , Actors"` gives `["swift", " ", " Actors"]`.
  public static func splitTags(_ typed: String) -> [String] {
    typed.split(separator: ",").map(String.init)
  }

  /// `text` without white space at either end; `text` itself, not a copy, when there is
  /// none, the usual case of an import, found by looking at its first and last characters.
  private static func trimmed(_ text: String) -> String {
    guard let first = text.first, let last = text.last,
      first.isWhitespace || last.isWhitespace
    else { return text }
    return String(text.trimmingWhiteSpace())
  }

  /// The length of `text` in characters when it is over `limit`, otherwise `nil`.
  ///
  /// A character takes at least one byte of UTF-8, so text of at most `limit` bytes is
  /// within the limit without counting its characters, which costs a walk over the text.
  private static func length(of text: String, over limit: Int) -> Int? {
    guard text.utf8.count > limit else { return nil }
    let length = text.count
    return length > limit ? length : nil
  }
}
