// The subscribers of one repository's changes, and the publishing to all of them.

/// Delivers each published change to every current subscriber, without ever blocking the
/// publisher: a subscriber that is behind gets the changes merged (see ``RepositoryChanges``).
///
/// Owned by one repository and used only on its actor, so it needs no lock of its own. It
/// holds its subscriptions weakly: a subscriber that drops its sequence is gone from the
/// feed, and the repository hears of it through `onEnd`.
package final class ChangeFeed<ID: Hashable & Sendable> {
  private struct Entry {
    weak var subscription: ChangeSubscription<ID>?
  }

  private var nextKey = 0
  private var entries: [Int: Entry] = [:]

  /// An empty feed.
  package init() {}

  deinit {
    // Ends every subscriber's loop: the repository is gone, no change will come.
    for entry in entries.values { entry.subscription?.finish() }
  }

  /// Whether any subscriber still listens. Only asks: the entries of those gone are removed
  /// when a subscriber comes or a change goes out.
  package var hasSubscribers: Bool {
    entries.values.contains { $0.subscription?.isActive ?? false }
  }

  /// A new subscriber's sequence of changes; `onEnd` runs, on any thread, when that
  /// subscriber goes away.
  package func subscribe(onEnd: @escaping @Sendable () -> Void) -> RepositoryChanges<ID> {
    removeEndedSubscribers()
    let subscription = ChangeSubscription<ID>(onEnd: onEnd)
    entries[nextKey] = Entry(subscription: subscription)
    nextKey += 1
    return RepositoryChanges(subscription: subscription)
  }

  /// Delivers `change` to every current subscriber.
  package func publish(_ change: @autoclosure () -> RepositoryChange<ID>) {
    removeEndedSubscribers()
    guard !entries.isEmpty else { return }
    // Built only when someone listens: a batch's set of 100,000 IDs is not free.
    let change = change()
    for entry in entries.values { entry.subscription?.deliver(change) }
  }

  /// Forgets the subscribers that went away or finished.
  private func removeEndedSubscribers() {
    entries = entries.filter { $0.value.subscription?.isActive ?? false }
  }
}
