// The state behind a quiz: which question is showing, the answers so far, and the stored result.

import FlowKit
import Foundation
import LocalStore
import Models
import Observation

/// A quiz over the question bank, one question at a time, stored as a ``/Models/StudySession`` when
/// the last answer is graded.
///
/// The flow is ``start(tag:count:)``, then for each question ``revealAnswer()`` and
/// ``grade(knewIt:)``. Nothing is stored until the last grade; ``end()`` abandons a quiz and
/// stores nothing. Each call is one observed change: methods that wait for a repository
/// compute first and assign their state together after the last `await`.
///
/// No result is lost silently. When storing the session fails, the quiz still finishes with
/// ``finishedSession`` set, ``hasUnsavedResult`` true and ``errorMessage`` saying why; call
/// ``saveResult()`` to try again. Until then ``start(tag:count:)`` refuses to replace the
/// result, and only ``end()`` discards it, so a front end can ask before it does.
@Observable @MainActor
public final class QuizViewModel {
  /// Where the quiz stands.
  public enum Phase: Equatable, Sendable {
    /// No quiz is running: before ``start(tag:count:)`` or after ``end()``.
    case notStarted
    /// ``current`` is showing without its answer.
    case asking
    /// ``current`` is showing with its answer, waiting for ``grade(knewIt:)``.
    case revealed
    /// Every question was graded; ``finishedSession`` holds the result.
    case finished
  }

  /// Where the quiz stands.
  public private(set) var phase = Phase.notStarted
  /// The question being asked; `nil` unless ``phase`` is asking or revealed.
  public private(set) var current: Question?
  /// The 0-based index of ``current`` in the quiz, the number graded so far; ``total`` once
  /// finished.
  public var position: Int { answers.count }
  /// The number of questions in the quiz.
  public var total: Int { deck.count }
  /// How many questions graded so far were known.
  public var knownCount: Int { answers.count(where: \.knewIt) }
  /// The tag the quiz is limited to, or `nil` for every question.
  public private(set) var tag: String?
  /// A sentence describing why the last action failed; `nil` after one succeeds.
  public private(set) var errorMessage: String?
  /// The result of the finished quiz, stored or not (see ``hasUnsavedResult``).
  public private(set) var finishedSession: StudySession?
  /// Whether ``finishedSession`` could not be stored yet; ``saveResult()`` tries again.
  public private(set) var hasUnsavedResult = false

  /// The questions of the quiz, in the order they are asked.
  private var deck: [Question] = []
  /// The grades so far, in order; ``position``, ``total`` and ``knownCount`` derive from them
  /// and ``deck``.
  private var answers: [StudyAnswer] = []
  @ObservationIgnored private var startedAt = Date.distantPast
  /// Set while a method waits for a repository, so a second call cannot interleave with it.
  @ObservationIgnored private var isBusy = false
  @ObservationIgnored private let questions: any Repository<Question>
  @ObservationIgnored private let sessions: any Repository<StudySession>
  @ObservationIgnored private let arrange: @MainActor ([Question]) -> [Question]
  @ObservationIgnored private let now: @MainActor () -> Date

  /// Creates a quiz over `questions` that stores its results in `sessions`.
  ///
  /// - Parameters:
  ///   - questions: Where the questions come from.
  ///   - sessions: Where finished quizzes are stored.
  ///   - arrange: Puts the chosen questions in the order they are asked; shuffles by default.
  ///   - now: The clock for the start and finish times.
  public init(
    questions: any Repository<Question>, sessions: any Repository<StudySession>,
    arrange: @escaping @MainActor ([Question]) -> [Question] = { $0.shuffled() },
    now: @escaping @MainActor () -> Date = { .now }
  ) {
    self.questions = questions
    self.sessions = sessions
    self.arrange = arrange
    self.now = now
  }

  /// Starts a quiz over the questions with `tag` (ignoring case), or all of them, arranged
  /// and limited to the first `count`.
  ///
  /// When no question matches, or `count` is less than 1, ``errorMessage`` says so and the
  /// state is otherwise unchanged. A quiz in progress is replaced; an unsaved result is not
  /// (see ``hasUnsavedResult``).
  public func start(tag: String? = nil, count: Int? = nil) async {
    guard !isBusy else { return }
    let tag = tag?.trimmingCharacters(in: .whitespacesAndNewlines)
    let filter = tag?.isEmpty == false ? tag : nil
    if let problem = startProblem(count: count) {
      show(error: problem)
      return
    }
    isBusy = true
    defer { isBusy = false }
    let all = await questions.loadAll()
    let chosen = Array(arrange(all.tagged(filter)).prefix(count ?? .max))
    guard let first = chosen.first else {
      show(
        error: filter.map { "No questions are tagged “\($0)”." }
          ?? "There are no questions yet. Add some, then start a quiz.")
      return
    }
    deck = chosen
    answers = []
    startedAt = now()
    phase = .asking
    current = first
    self.tag = filter
    errorMessage = nil
    finishedSession = nil
  }

  /// Shows the answer of the current question; does nothing unless a question is asked.
  public func revealAnswer() {
    guard phase == .asking, !isBusy else { return }
    phase = .revealed
  }

  /// Records whether the person knew the current question and moves to the next one.
  ///
  /// It may be called with the answer shown or not. After the last question it stores the
  /// ``/Models/StudySession`` and finishes: ``finishedSession`` is set either way, and a failed
  /// save sets ``errorMessage`` and ``hasUnsavedResult`` instead of losing the answers. The
  /// session's ID is its finish time in milliseconds, plus 1 while a stored session already has it:
  /// each ID is claimed with ``/LocalStore/Repository/insert(_:)``, which checks and stores in one
  /// step, so quizzes finished in the same millisecond, in this process or another, never replace
  /// each other.
  public func grade(knewIt: Bool) async {
    guard phase == .asking || phase == .revealed, !isBusy, let question = current else { return }
    let answers =
      self.answers + [StudyAnswer(questionID: question.id, tags: question.tags, knewIt: knewIt)]
    guard answers.count == deck.count else {
      self.answers = answers
      current = deck[answers.count]
      phase = .asking
      return
    }
    isBusy = true
    defer { isBusy = false }
    var session = StudySession(startedAt: startedAt, finishedAt: now(), tag: tag, answers: answers)
    let failure = await store(&session)
    self.answers = answers
    current = nil
    phase = .finished
    finishedSession = session
    hasUnsavedResult = failure != nil
    errorMessage = failure
  }

  /// Tries again to store a result whose save failed; does nothing when there is none.
  ///
  /// It claims an ID the way ``grade(knewIt:)`` does, so ``finishedSession``'s ID may grow
  /// if another quiz took it meanwhile.
  public func saveResult() async {
    guard hasUnsavedResult, !isBusy, var session = finishedSession else { return }
    isBusy = true
    defer { isBusy = false }
    let failure = await store(&session)
    finishedSession = session
    hasUnsavedResult = failure != nil
    errorMessage = failure
  }

  /// Abandons the quiz, or discards an unsaved result, and goes back to ``Phase/notStarted``
  /// without storing anything.
  public func end() {
    guard !isBusy else { return }
    deck = []
    answers = []
    phase = .notStarted
    current = nil
    tag = nil
    errorMessage = nil
    finishedSession = nil
    hasUnsavedResult = false
  }

  /// Clears ``errorMessage`` once the person has seen it.
  public func dismissError() {
    errorMessage = nil
  }

  /// Why ``start(tag:count:)`` cannot run before it even looks at the questions, if it cannot.
  private func startProblem(count: Int?) -> String? {
    if hasUnsavedResult {
      return "The last result is not saved yet. Save it again, or end the quiz to discard it."
    }
    if let count, count < 1 { return "A quiz needs at least one question." }
    return nil
  }

  private func show(error: String) {
    if errorMessage != error { errorMessage = error }
  }

  /// Stores `session` under the first free ID from its own on, updating its ID; the error's
  /// sentence when that fails.
  ///
  /// A session already stored exactly as it is, by an earlier attempt whose flush to disk
  /// failed, is saved again under its ID, which flushes it, rather than stored twice.
  private func store(_ session: inout StudySession) async -> String? {
    do {
      if hasUnsavedResult, await sessions.find(by: session.id) == session {
        try await sessions.save(session)
        return nil
      }
      while try await !sessions.insert(session) { session.id += 1 }
      return nil
    } catch {
      return ErrorText.sentence(for: error)
    }
  }
}
