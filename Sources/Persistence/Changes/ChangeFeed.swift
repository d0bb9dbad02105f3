// The subscribers of one repository's changes, and the publishing to all of them.

/// Delivers each published change to every current subscriber, without ever blocking the
/// publisher: a subscriber that is behind gets the changes merged (see ``RepositoryChanges``).
///
/// Thread-safe: a repository publishes from its actor, and a subscription ends from whatever
/// thread cancels the subscriber's task.
final class ChangeFeed<ID: Hashable & Sendable>: Sendable {
  private struct State {
    var nextKey = 0
    var subscriptions: [Int: ChangeSubscription<ID>] = [:]
  }

  private let state = LockedState(State())

  deinit {
    // Ends every subscriber's loop: the repository is gone, no change will come.
    for subscription in state.withLock({ $0.subscriptions.values }) {
      subscription.wakeUp.finish()
    }
  }

  /// The number of current subscribers.
  var subscriberCount: Int {
    state.withLock { $0.subscriptions.count }
  }

  /// A new subscriber's sequence of changes; `onEnd` runs when that subscriber goes away.
  func subscribe(onEnd: @escaping @Sendable () -> Void) -> RepositoryChanges<ID> {
    let (wakeUps, continuation) = AsyncStream.makeStream(
      of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let subscription = ChangeSubscription<ID>(wakeUp: continuation)
    let key = state.withLock { state in
      defer { state.nextKey += 1 }
      state.subscriptions[state.nextKey] = subscription
      return state.nextKey
    }
    continuation.onTermination = { [weak self] _ in
      self?.state.withLock { _ = $0.subscriptions.removeValue(forKey: key) }
      onEnd()
    }
    return RepositoryChanges(subscription: subscription, wakeUps: wakeUps)
  }

  /// Delivers `change` to every current subscriber.
  func publish(_ change: @autoclosure () -> RepositoryChange<ID>) {
    let subscriptions = state.withLock { Array($0.subscriptions.values) }
    // Built only when someone listens: a batch's set of 100,000 IDs is not free.
    guard !subscriptions.isEmpty else { return }
    let change = change()
    for subscription in subscriptions {
      subscription.deliver(change)
    }
  }
}
