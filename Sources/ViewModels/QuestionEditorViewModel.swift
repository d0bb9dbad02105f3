// The state behind the form that adds a question or edits one: the typed text and its problems.

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

    /// The form's field for `field` of the content rules.
    init(_ field: QuestionContent.Field) {
      switch field {
      case .prompt: self = .prompt
      case .answer: self = .answer
      case .tags: self = .tags
      }
    }
  }

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

  /// The question the form was opened on, as it was then; `nil` when adding a question.
  ///
  /// Saving compares it with what the store holds now, so an edit never silently undoes a
  /// change another writer made meanwhile.
  public var startedFrom: Question? { original }

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
  /// The fields follow the rules of ``/Models/QuestionContent``, as `questions add` and an import
  /// do: the prompt and answer are trimmed and must not be empty or longer than their limits; tags
  /// are split at commas (``/Models/QuestionContent/splitTags(_:)``) and cleaned. Each problem is
  /// the sentence ``/Models/QuestionContentProblem/description`` gives, so the form words a refusal
  /// as the command line does. An edited question keeps its `id` and `createdAt`. ``problems`` is
  /// replaced in one assignment, empty on success.
  public func validatedQuestion() -> Question? {
    let content: QuestionContent
    do {
      content = try QuestionContent(
        prompt: prompt, answer: answer, tags: QuestionContent.splitTags(tags))
    } catch {
      var found: [Field: String] = [:]
      for problem in error.problems { found[Field(problem.field)] = problem.description }
      if problems != found { problems = found }
      return nil
    }
    if !problems.isEmpty { problems = [:] }
    guard let original else { return Question(content: content) }
    return Question(id: original.id, content: content, createdAt: original.createdAt)
  }

  private func clearProblem(_ field: Field, ifChangedFrom old: String, to new: String) {
    if new != old, problems[field] != nil { problems[field] = nil }
  }
}
