// The state behind the list of __model__ values: loading, following changes, searching, saving.

import FlowKit
import LocalStore
import Models
import Observation

/// The __model__ values a front end shows, filtered by a search and a tag.
///
/// Errors follow one convention: an action never throws. A failure becomes ``errorMessage``,
/// and an action a flow continues from returns `true` when it worked. Every action assigns
/// its results together after its last `await`, so an observer sees one change per action.
@Observable @MainActor
public final class __MODEL__ListViewModel: EditableList {
  /// The values that match ``searchText`` and ``tag``, in the order they were added.
  public private(set) var items: [__MODEL__] = []
  /// How many values the store holds, whatever the filters.
  public private(set) var totalCount = 0
  /// Words that every shown value contains; empty shows all of them.
  public var searchText = "" {
    didSet {
      guard searchText != oldValue else { return }
      items = visible(among: allItems)
    }
  }
  /// The tag every shown value carries; `nil` shows all of them.
  public var tag: String? {
    didSet {
      guard tag != oldValue else { return }
      items = visible(among: allItems)
    }
  }
  /// Why the last action failed, or why changes made elsewhere are not shown while
  /// ``followChanges()`` cannot read the files; `nil` after an action that worked.
  public private(set) var errorMessage: String?
  /// Whether the list follows its store: `true` from the first read of ``followChanges()``'s
  /// one subscription until that subscription ends. A front end may show it as a "live" mark.
  public private(set) var isFollowingChanges = false

  // add-relation: properties

  /// Every value, whatever the filters; observed, so that what depends on one value (the
  /// page's notice after an edit) follows its changes.
  private var allItems: [__MODEL__] = []
  /// The ``errorMessage`` set because the store could not follow its files, if it is.
  @ObservationIgnored private var followingError: String?
  /// Held by the one ``followChanges()`` call that subscribes; other calls wait for it.
  @ObservationIgnored private let subscription = SubscriptionTurn()
  @ObservationIgnored private let repository: any Repository<__MODEL__>

  /// A list over `repository`; call ``load()`` or ``followChanges()`` to fill it.
  public init(repository: any Repository<__MODEL__>) {
    self.repository = repository
  }

  /// Reads every value from the store.
  public func load() async {
    show(await repository.loadAll(), error: nil)
  }

  /// Reads every value, then keeps the list current until the calling task is cancelled: a
  /// change made by another view model, another window or another process on the same files
  /// shows up without another ``load()``.
  ///
  /// A SwiftUI view calls it from `.task { await list.followChanges() }`, which cancels it
  /// when the view goes away; the terminal app runs it in a task it cancels on the way out.
  /// The subscription starts before the first read, so no change falls between the two. Each
  /// change becomes one observable update that keeps ``searchText``, ``tag`` and any
  /// ``errorMessage``. A command that exits at once calls ``load()`` instead.
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
      if Task.isCancelled { return }
      await showLatest(after: change)
    }
  }

  /// Makes every change the store acknowledged so far durable now, rather than when a
  /// store saving with `Durability.lossyOnPowerCut` would sync on its own; `false` with
  /// ``errorMessage`` set when the sync fails. The app calls it when it goes to the
  /// background (``__NAME__Session/sceneDidEnterBackground()``).
  @discardableResult
  public func synchronize() async -> Bool {
    do {
      try await repository.synchronize()
      return true
    } catch {
      let message = ErrorText.sentence(for: error)
      if errorMessage != message { errorMessage = message }
      return false
    }
  }

  /// Shows the store's contents after a change made elsewhere. A change that says the store
  /// cannot read its files any more sets ``errorMessage``; the next change clears that
  /// message, and only that one.
  private func showLatest(after change: RepositoryChange<__MODEL__.ID>) async {
    let all = await repository.loadAll()
    let actionError = errorMessage == followingError ? nil : errorMessage
    followingError = change.failure.map {
      "Changes made elsewhere are not shown: \(ErrorText.sentence(for: $0)) The list shows"
        + " the values last read."
    }
    show(all, error: followingError ?? actionError)
  }

  /// The value with `id`, whatever the filters.
  public func item(withID id: __MODEL__.ID) -> __MODEL__? {
    allItems.first { $0.id == id }
  }

  /// Every value, whatever the filters, in the order they were added.
  public var all: [__MODEL__] { allItems }

  /// Stores `item`, or replaces the one with its id; `false` with ``errorMessage`` set when
  /// the store refuses.
  @discardableResult
  public func add(_ item: __MODEL__) async -> Bool {
    await perform { try await $0.save(item) }
  }

  /// Saves `item` only if the store still holds `original` under its id (`nil`: nothing), so
  /// an edit never silently undoes another writer's change or brings back a value someone
  /// deleted.
  ///
  /// The comparison happens inside the repository, with the save, not across an `await`.
  /// When the store refuses, ``errorMessage`` says why.
  public func save(
    _ item: __MODEL__, ifUnchangedSince original: __MODEL__?
  ) async -> SaveOutcome<__MODEL__> {
    do {
      guard try await repository.save(item, ifCurrent: original) else {
        let current = await repository.find(by: item.id)
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

  /// Deletes the value with `id`; `false` with ``errorMessage`` set when the store refuses.
  /// What refers to it is unlinked after (`make add-relation` adds each).
  @discardableResult
  public func remove(_ id: __MODEL__.ID) async -> Bool {
    let deleted = await perform { try await $0.delete(id) }
    // add-relation: deleted
    return deleted
  }

  /// The form on `item`, or an empty one for `nil`, with what its fields need from other
  /// models (`make add-relation` adds each).
  public func form(editing item: __MODEL__?) -> __MODEL__EditorViewModel {
    let editor = __MODEL__EditorViewModel(editing: item)
    // add-relation: editor
    return editor
  }

  /// Clears ``errorMessage`` once it has been shown.
  public func dismissError() {
    if errorMessage != nil { errorMessage = nil }
  }

  private func perform(
    _ change: (any Repository<__MODEL__>) async throws -> Void
  ) async -> Bool {
    do {
      try await change(repository)
    } catch {
      errorMessage = ErrorText.sentence(for: error)
      return false
    }
    show(await repository.loadAll(), error: nil)
    return true
  }

  private func show(_ all: [__MODEL__], error: String?) {
    if allItems != all { allItems = all }
    let visible = visible(among: all)
    if items != visible { items = visible }
    if totalCount != all.count { totalCount = all.count }
    if errorMessage != error { errorMessage = error }
  }

  private func visible(among all: [__MODEL__]) -> [__MODEL__] {
    all.filter { item in
      // fields: list-filter
      (tag.map { item.tags.contains($0) } ?? true) && item.matches(searchText)
      // fields: end
    }
  }
}
