// The state behind a list of questions: loading, searching, adding and removing.

import Models
import Observation
import Persistence

/// The list of questions a front end shows, with search and error state.
///
/// It depends on any ``/Persistence/Repository`` of questions, so tests and previews pass an
/// ``/Persistence/InMemoryRepository`` and the app passes a ``/Persistence/LocalRepository``. It
/// knows nothing about terminals or windows: a front end reads ``questions``, ``searchText`` and
/// ``errorMessage`` and calls the methods named after what the user wants.
///
/// Like every view model in this module it never throws: a failed action sets
/// ``errorMessage``, which the front end shows, and returns `false` where a caller may want to
/// go on only after success.
///
/// Each method computes its result first and assigns the state it changes together, with no
/// `await` in between, so an observer sees one change per user action rather than a flicker
/// of intermediate states.
@Observable @MainActor
public final class QuestionListViewModel {
  /// The questions that match ``searchText`` and ``tag``, in the order they were added.
  public private(set) var questions: [Question] = []

  /// The total number of questions, whether or not they match ``searchText``.
  public private(set) var totalCount = 0

  /// Words that every shown question must contain; empty shows every question.
  ///
  /// Setting it filters ``questions`` at once, without a trip to the repository.
  public var searchText = "" {
    didSet {
      guard searchText != oldValue else { return }
      questions = visible(among: allQuestions)
    }
  }

  /// The tag every shown question must have, ignoring case; `nil` shows every tag.
  ///
  /// Setting it filters ``questions`` at once, like ``searchText``.
  public var tag: String? {
    didSet {
      guard tag != oldValue else { return }
      questions = visible(among: allQuestions)
    }
  }

  /// Every tag in use, with how many questions have it, most used first.
  public private(set) var tags: [TagSummary] = []

  /// Whether the list follows its repository: `true` from the first read of
  /// ``followChanges()``'s one subscription until that subscription ends, so the list shows
  /// other writers' changes as they land. A front end may show it as a "live" mark.
  public private(set) var isFollowingChanges = false

  /// A sentence describing the last failed action, or why changes made elsewhere are not
  /// shown while ``followChanges()`` cannot read the files, for the front end to show; `nil`
  /// after an action succeeds.
  public private(set) var errorMessage: String?

  /// Every question, whatever the filters; observed, so that what depends on one question
  /// (such as ``QuestionBankModel/notice``) follows its changes.
  private var allQuestions: [Question] = []
  @ObservationIgnored private var searchIndex = SearchIndex()
  /// The ``errorMessage`` set because the repository could not follow the files, if it is.
  @ObservationIgnored private var followingError: String?
  /// Held by the one ``followChanges()`` call that subscribes; other calls wait for it.
  @ObservationIgnored private let subscription = SubscriptionTurn()
  @ObservationIgnored private let repository: any Repository<Question>

  /// Creates a view model over `repository`; call ``load()`` to fill it.
  public init(repository: any Repository<Question>) {
    self.repository = repository
  }

  /// Reads every question from the repository.
  public func load() async {
    show(await repository.loadAll(), error: nil)
  }

  /// Reads every question, then keeps the list current until the calling task is
  /// cancelled: a change made by another view model, another repository on the same files or
  /// another process shows up without another ``load()``.
  ///
  /// Run it in a task whose life is the screen's, such as SwiftUI's
  /// `.task { await list.followChanges() }`; it returns once that task is cancelled. Each
  /// change becomes one observable update, computed first and assigned together, that keeps
  /// ``searchText``, ``tag`` and any ``errorMessage``. The subscription starts before the
  /// first read, so no change falls between the two. A command that exits at once calls
  /// ``load()`` instead: following makes a ``/Persistence/LocalRepository`` watch its files.
  ///
  /// However many callers run it at once (two windows on one list), the list subscribes
  /// once: a second call waits while the first one's subscription runs, and takes over if the
  /// first one's task is cancelled while its own is not. ``isFollowingChanges`` is `true`
  /// exactly while that one subscription runs.
  public func followChanges() async {
    guard await subscription.take() else { return }
    defer { subscription.release() }
    let changes = await repository.changes()
    await load()
    isFollowingChanges = true
    defer { isFollowingChanges = false }
    for await change in changes {
      await showLatest(after: change)
    }
  }

  /// Shows the repository's contents after a change someone else made. A change that says
  /// the repository cannot read the files any more sets ``errorMessage``; the next change
  /// clears that message, and only that one.
  private func showLatest(after change: RepositoryChange<Question.ID>) async {
    let all = await repository.loadAll()
    let actionError = errorMessage == followingError ? nil : errorMessage
    followingError = change.failure.map {
      "Changes made elsewhere are not shown: \(ErrorText.sentence(for: $0)) The list shows"
        + " the questions last read."
    }
    show(all, error: followingError ?? actionError)
  }

  /// The question with the ID `id`, from the loaded questions.
  public func question(withID id: Question.ID) -> Question? {
    allQuestions.first { $0.id == id }
  }

  /// Adds `question`, or replaces the question with the same ID; returns whether it was
  /// stored.
  ///
  /// When the repository refuses, ``errorMessage`` says why and the list is unchanged.
  @discardableResult
  public func add(_ question: Question) async -> Bool {
    await perform { try await $0.save(question) }
  }

  /// Adds several questions with one change, or replaces those with the same IDs; returns
  /// whether they were stored.
  ///
  /// When the repository refuses, ``errorMessage`` says why and the list is unchanged.
  @discardableResult
  public func add(contentsOf questions: [Question]) async -> Bool {
    await perform { try await $0.save(contentsOf: questions) }
  }

  /// Saves `question` only if the repository still holds `original` under its ID (`nil`:
  /// nothing), so that an edit never silently undoes another writer's change or brings back
  /// a question someone deleted.
  ///
  /// The comparison happens inside the repository's isolation, with the save, not across an
  /// `await`. When the repository refuses, ``errorMessage`` says why.
  public func save(
    _ question: Question, ifUnchangedSince original: Question?
  ) async -> ConditionalSaveOutcome {
    do {
      guard try await repository.save(question, ifCurrent: original) else {
        let current = await repository.find(by: question.id)
        show(await repository.loadAll(), error: nil)
        return .conflict(current: current)
      }
    } catch {
      errorMessage = ErrorText.sentence(for: error)
      return .failed
    }
    show(await repository.loadAll(), error: nil)
    return .saved
  }

  /// Removes the question with the ID `id`; returns whether the removal was stored.
  ///
  /// When the repository refuses, ``errorMessage`` says why and the list is unchanged.
  @discardableResult
  public func remove(_ id: Question.ID) async -> Bool {
    await perform { try await $0.delete(id) }
  }

  /// Clears ``errorMessage`` once the user has seen it.
  public func dismissError() {
    errorMessage = nil
  }

  /// Runs a change, then shows the repository's new contents, or the error, in one update;
  /// returns whether the change was stored.
  private func perform(_ change: (any Repository<Question>) async throws -> Void) async -> Bool {
    do {
      try await change(repository)
    } catch {
      errorMessage = ErrorText.sentence(for: error)
      return false
    }
    show(await repository.loadAll(), error: nil)
    return true
  }

  private func show(_ all: [Question], error: String?) {
    if allQuestions != all { allQuestions = all }
    let visible = visible(among: all)
    let summaries = TagSummary.summaries(of: all)
    if questions != visible { questions = visible }
    if totalCount != all.count { totalCount = all.count }
    if tags != summaries { tags = summaries }
    if errorMessage != error { errorMessage = error }
  }

  /// The questions of `all` that have ``tag`` and match ``searchText``, in order.
  private func visible(among all: [Question]) -> [Question] {
    searchIndex.filter(all.tagged(tag), by: SearchQuery(searchText))
  }
}
