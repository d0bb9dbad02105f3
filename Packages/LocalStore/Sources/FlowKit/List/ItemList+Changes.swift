// The changes a list makes to its store, and those it follows from other writers.

import LocalStore

extension ItemList {
  /// Reads every value, then keeps the list current until the calling task is cancelled: a
  /// change made by another view model, another window, another repository on the same files
  /// or another process shows up without another ``load()``.
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
      if Task.isCancelled { return }
      await showLatest(after: change)
    }
  }

  /// Shows the store's contents after a change someone else made. A change that says the
  /// store cannot read its files any more sets ``errorMessage``; the next change clears that
  /// message, and only that one.
  private func showLatest(after change: RepositoryChange<Item.ID>) async {
    let contents = await read()
    let actionError = errorMessage == followingError ? nil : errorMessage
    followingError = change.failure.map {
      "Changes made elsewhere are not shown: \(ErrorText.sentence(for: $0)) The list shows"
        + " what was last read."
    }
    show(contents, error: followingError ?? actionError)
  }

  /// Adds `item`, or replaces the value with the same ID; returns whether it was stored.
  ///
  /// When the store refuses, ``errorMessage`` says why and the list is unchanged.
  @discardableResult
  public func add(_ item: Item) async -> Bool {
    await perform { try await $0.save(item) }
  }

  /// Adds several values with one change, or replaces those with the same IDs; returns
  /// whether they were stored.
  ///
  /// When the store refuses, ``errorMessage`` says why and the list is unchanged.
  @discardableResult
  public func add(contentsOf items: [Item]) async -> Bool {
    await perform { try await $0.save(contentsOf: items) }
  }

  /// Saves `item` only if the store still holds `original` under its ID (`nil`: nothing), so
  /// that an edit never silently undoes another writer's change or brings back a value
  /// someone deleted.
  ///
  /// The comparison happens inside the repository's isolation, with the save, not across an
  /// `await`. When the store refuses, ``errorMessage`` says why.
  public func save(_ item: Item, ifUnchangedSince original: Item?) async -> SaveOutcome<Item> {
    do {
      guard try await repository.save(item, ifCurrent: original) else {
        let current = await repository.find(by: item.id)
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

  /// Removes the value with the ID `id` from the store only; returns whether the removal was
  /// stored. When the store refuses, ``errorMessage`` says why and the list is unchanged.
  @discardableResult
  public func removeFromStore(_ id: Item.ID) async -> Bool {
    await perform { try await $0.delete(id) }
  }

  /// Makes every change the store acknowledged so far durable now, rather than when a store
  /// saving with `Durability.lossyOnPowerCut` would sync on its own; `false` with
  /// ``errorMessage`` set when the sync fails. An app calls it when it goes to the
  /// background.
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

  /// Runs a change, then shows the store's new contents, or the error, in one update;
  /// returns whether the change was stored.
  private func perform(_ change: (any Repository<Item>) async throws -> Void) async -> Bool {
    do {
      try await change(repository)
    } catch {
      errorMessage = ErrorText.sentence(for: error)
      return false
    }
    show(await read(), error: nil)
    return true
  }
}
