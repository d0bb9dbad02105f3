// The state behind the form that adds a question or edits one: the typed text and its problems.

import Foundation
import Models
import Observation

/// The add/edit form for one question.
///
/// A front end binds its text fields to ``prompt``, ``answer`` and ``tags`` (comma-separated,
/// as typed) and calls ``validatedQuestion()`` when the person submits. That sets
/// ``problems`` to one sentence per field that needs fixing and returns the question to save,
/// or `nil`. Editing a field clears that field's problem, so a message disappears as soon as
/// the person starts fixing it; the others stay until the next ``validatedQuestion()``.
///
/// The form does not save anything: the caller passes the question to whichever view model
/// owns the list, so one form serves every front end.
@Observable @MainActor
public final class QuestionEditorViewModel {
  /// A field of the form.
  public enum Field: CaseIterable, Sendable {
    /// The question's text.
    case prompt
    /// The expected answer.
    case answer
    /// The comma-separated tags.
    case tags
  }

  /// The longest prompt accepted, in characters.
  public static let maximumPromptLength = 1_000
  /// The longest answer accepted, in characters.
  public static let maximumAnswerLength = 4_000
  /// The longest tag accepted, in characters.
  public static let maximumTagLength = 50

  /// The question's text as typed.
  public var prompt: String {
    didSet { clearProblem(.prompt, ifChangedFrom: oldValue, to: prompt) }
  }

  /// The answer as typed.
  public var answer: String {
    didSet { clearProblem(.answer, ifChangedFrom: oldValue, to: answer) }
  }

  /// The tags as typed, separated by commas; blanks between commas are ignored.
  public var tags: String {
    didSet { clearProblem(.tags, ifChangedFrom: oldValue, to: tags) }
  }

  /// A sentence per field that kept the last ``validatedQuestion()`` from succeeding.
  public private(set) var problems: [Field: String] = [:]

  /// Whether the form edits an existing question rather than adding one.
  public var isEditing: Bool { original != nil }

  @ObservationIgnored private let original: Question?

  /// Creates a form, empty to add a question, or filled with `question` to edit it.
  public init(editing question: Question? = nil) {
    original = question
    prompt = question?.prompt ?? ""
    answer = question?.answer ?? ""
    tags = question?.tags.joined(separator: ", ") ?? ""
  }

  /// Checks the fields and returns the question to save, or `nil` if something needs fixing.
  ///
  /// The prompt and answer are trimmed and must not be empty or longer than their limits.
  /// Tags are split at commas and cleaned as ``Question/cleanedTags(_:)`` cleans them
  /// (trimmed, blanks dropped, a tag that repeats an earlier one ignoring case dropped), so
  /// the form stores what `questions add --tag` and an import store. An edited question keeps
  /// its `id` and `createdAt`.
  /// ``problems`` is replaced in one assignment, empty on success.
  public func validatedQuestion() -> Question? {
    let prompt = prompt.trimmingCharacters(in: .whitespacesAndNewlines)
    let answer = answer.trimmingCharacters(in: .whitespacesAndNewlines)
    let tags = Question.cleanedTags(tags.split(separator: ","))
    var found: [Field: String] = [:]
    found[.prompt] = Self.problem(
      with: prompt, named: "prompt", article: "a", limit: Self.maximumPromptLength)
    found[.answer] = Self.problem(
      with: answer, named: "answer", article: "an", limit: Self.maximumAnswerLength)
    if let long = tags.first(where: { $0.count > Self.maximumTagLength }) {
      found[.tags] =
        "Shorten the tag “\(long.prefix(20))…” to \(Self.maximumTagLength) characters or fewer."
    }
    if problems != found { problems = found }
    guard found.isEmpty else { return nil }
    guard let original else { return Question(prompt: prompt, answer: answer, tags: tags) }
    return Question(
      id: original.id, prompt: prompt, answer: answer, tags: tags, createdAt: original.createdAt)
  }

  private static func problem(
    with text: String, named name: String, article: String, limit: Int
  ) -> String? {
    if text.isEmpty { return "Enter \(article) \(name)." }
    if text.count > limit {
      return "Shorten the \(name) to \(limit) characters or fewer; it has \(text.count)."
    }
    return nil
  }

  private func clearProblem(_ field: Field, ifChangedFrom old: String, to new: String) {
    if new != old, problems[field] != nil { problems[field] = nil }
  }
}
