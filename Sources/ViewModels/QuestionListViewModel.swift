// The state behind a list of questions: loading, searching, adding and removing.

import FlowKit
import LocalStore
import Models
import Observation

/// The list of questions a front end shows, with search and error state.
///
/// It depends on any ``/LocalStore/Repository`` of questions, so tests and previews pass an
/// ``/LocalStore/InMemoryRepository`` and the app passes a ``/LocalStore/LocalRepository``. It
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
///
/// A store larger than ``pagingThreshold`` is shown a page at a time (``isPaged``): the list
/// reads the store's ``/LocalStore/Repository/count()`` and its first page
/// (``/LocalStore/Repository/items(offset:limit:)``), never every question, so a list of a
/// million opens at once; ``loadMore()`` reads the next page as the person scrolls.
@Observable @MainActor
public final class QuestionListViewModel {
  /// The questions that match ``searchText`` and ``tag``, in the order they were added.
  public private(set) var questions: [Question] = []

  /// The total number of questions, whether or not they match ``searchText``, and whether
  /// or not they are loaded.
  public private(set) var totalCount = 0

  /// Whether the list holds only the first pages of the store, because it has more than
  /// ``pagingThreshold`` questions; ``loadMore()`` reads the next page.
  ///
  /// While it is `true`, ``searchText``, ``tag`` and ``tags`` cover the questions loaded so
  /// far, not the whole store.
  public private(set) var isPaged = false

  /// Whether a paged list has questions past those loaded.
  public var hasMoreToLoad: Bool {
    isPaged && allQuestions.count < totalCount
  }

  /// How many questions are loaded, whatever the filters: every one, or in a paged list
  /// those of the pages read so far, which ``searchText`` and ``tag`` cover.
  public var loadedCount: Int { allQuestions.count }

  /// How many questions a store may hold for the list to read them all; a larger one is
  /// shown a page at a time.
  public let pagingThreshold: Int

  /// How many questions a paged list reads at a time.
  public let pageSize: Int

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
  @ObservationIgnored let repository: any Repository<Question>

  /// Creates a view model over `repository`; call ``load()`` to fill it.
  ///
  /// - Parameters:
  ///   - repository: The store of questions.
  ///   - pagingThreshold: Up to this many questions, the list reads them all; above it, a
  ///     page at a time. `Int.max` always reads everything, as a command that must find any
  ///     question does.
  ///   - pageSize: How many questions a paged list reads at a time.
  public init(
    repository: any Repository<Question>, pagingThreshold: Int = 10_000, pageSize: Int = 500
  ) {
    self.repository = repository
    self.pagingThreshold = pagingThreshold
    self.pageSize = max(pageSize, 1)
  }

  /// Reads the questions from the repository: all of them, or the first page of a store
  /// larger than ``pagingThreshold``.
  public func load() async {
    show(await read(), error: nil)
  }

  /// Reads the next page of a paged list and shows it after those loaded; does nothing when
  /// every question is loaded.
  public func loadMore() async {
    guard hasMoreToLoad else { return }
    let loaded = allQuestions
    let page = await repository.items(offset: loaded.count, limit: pageSize)
    let total = await repository.count()
    show(Contents(questions: loaded + page, total: total, isPaged: true), error: errorMessage)
  }

  /// What the list shows of the store: its questions, or its first pages, and its size.
  private struct Contents {
    var questions: [Question]
    var total: Int
    var isPaged: Bool
  }

  /// Reads the store as the list shows it: every question, or as many pages as are loaded
  /// (at least one) when the store is larger than ``pagingThreshold``.
  private func read() async -> Contents {
    if pagingThreshold < Int.max {
      let total = await repository.count()
      if total > pagingThreshold {
        let pages = max((allQuestions.count + pageSize - 1) / pageSize, 1)
        let window = await repository.items(offset: 0, limit: pages * pageSize)
        return Contents(questions: window, total: total, isPaged: true)
      }
    }
    let all = await repository.loadAll()
    return Contents(questions: all, total: all.count, isPaged: false)
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
  /// ``load()`` instead: following makes a ``/LocalStore/LocalRepository`` watch its files.
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
    let all = await read()
    let actionError = errorMessage == followingError ? nil : errorMessage
    followingError = change.failure.map {
      "Changes made elsewhere are not shown: \(ErrorText.sentence(for: $0)) The list shows"
        + " the questions last read."
    }
    show(all, error: followingError ?? actionError)
  }

  /// The question with the ID `id`, from the loaded questions (in a paged list, from the
  /// pages loaded).
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
  ) async -> SaveOutcome<Question> {
    do {
      guard try await repository.save(question, ifCurrent: original) else {
        let current = await repository.find(by: question.id)
        show(await read(), error: nil)
        return .conflict(current: current)
      }
    } catch {
      errorMessage = ErrorText.sentence(for: error)
      return .failed
    }
    show(await read(), error: nil)
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
    show(await read(), error: nil)
    return true
  }

  private func show(_ contents: Contents, error: String?) {
    let all = contents.questions
    if allQuestions != all { allQuestions = all }
    let visible = visible(among: all)
    let summaries = TagSummary.summaries(of: all)
    if questions != visible { questions = visible }
    if totalCount != contents.total { totalCount = contents.total }
    if isPaged != contents.isPaged { isPaged = contents.isPaged }
    if tags != summaries { tags = summaries }
    if errorMessage != error { errorMessage = error }
  }

  /// The questions of `all` that have ``tag`` and match ``searchText``, in order.
  private func visible(among all: [Question]) -> [Question] {
    searchIndex.filter(all.tagged(tag), by: SearchQuery(searchText))
  }
}
