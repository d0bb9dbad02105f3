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

  /// Iterates the merged changes.
  public struct AsyncIterator: AsyncIteratorProtocol {
    let subscription: ChangeSubscription<ID>

    /// The next change, merged with any that arrived before it was asked for; `nil` once the
    /// subscription has ended or the task is cancelled.
    public mutating func next() async -> RepositoryChange<ID>? {
      await subscription.next()
    }
  }

  /// A sequence that ends at once: for a repository that never changes, or a test double
  /// that does not publish its changes.
  public static var finished: RepositoryChanges {
    let subscription = ChangeSubscription<ID>()
    subscription.finish()
    return RepositoryChanges(subscription: subscription)
  }

  /// An iterator over the changes.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(subscription: subscription)
  }
}
