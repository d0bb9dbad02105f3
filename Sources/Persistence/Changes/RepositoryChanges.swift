// The asynchronous sequence of changes one subscriber of a repository receives.

/// The changes of a ``Repository``, in order, as ``Repository/changes()`` returns them.
///
/// Bounded for a slow subscriber: changes that arrive while it is busy are merged into one
/// ``RepositoryChange`` (the union of their IDs), so a writer never waits for it and memory
/// does not grow. The sequence ends when the subscriber's task is cancelled or the repository
/// goes away; dropping the sequence, or the loop over it, unsubscribes.
public struct RepositoryChanges<ID: Hashable & Sendable>: AsyncSequence, Sendable {
  /// One change, or several merged.
  public typealias Element = RepositoryChange<ID>
  /// The sequence never fails: it ends.
  public typealias Failure = Never

  let subscription: ChangeSubscription<ID>
  let wakeUps: AsyncStream<Void>

  /// Iterates the merged changes.
  public struct AsyncIterator: AsyncIteratorProtocol {
    let subscription: ChangeSubscription<ID>
    var wakeUps: AsyncStream<Void>.AsyncIterator

    /// The next change, merged with any that arrived before it was asked for; `nil` once the
    /// subscription has ended.
    public mutating func next() async -> RepositoryChange<ID>? {
      while await wakeUps.next(isolation: #isolation) != nil {
        if let change = subscription.takePending() { return change }
      }
      return nil
    }
  }

  /// A sequence that ends at once: for a repository that never changes, or a test double
  /// that does not publish its changes.
  public static var finished: RepositoryChanges {
    let (wakeUps, continuation) = AsyncStream.makeStream(of: Void.self)
    continuation.finish()
    return RepositoryChanges(
      subscription: ChangeSubscription(wakeUp: continuation), wakeUps: wakeUps)
  }

  /// An iterator over the changes.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(subscription: subscription, wakeUps: wakeUps.makeAsyncIterator())
  }
}

/// One subscriber's merged, not yet delivered change.
final class ChangeSubscription<ID: Hashable & Sendable>: Sendable {
  private let pending = LockedState<RepositoryChange<ID>?>(nil)
  let wakeUp: AsyncStream<Void>.Continuation

  init(wakeUp: AsyncStream<Void>.Continuation) {
    self.wakeUp = wakeUp
  }

  /// Merges `change` into the pending one and wakes the subscriber; never blocks.
  func deliver(_ change: RepositoryChange<ID>) {
    pending.withLock { $0 = $0?.merging(change) ?? change }
    wakeUp.yield()
  }

  /// The pending change, which is then no longer pending.
  func takePending() -> RepositoryChange<ID>? {
    pending.withLock { pending in
      defer { pending = nil }
      return pending
    }
  }
}
