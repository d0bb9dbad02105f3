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

  /// The next change of the subscription this sequence reads (which the closure keeps).
  private let nextChange: @Sendable () async -> RepositoryChange<ID>?

  init(subscription: ChangeSubscription<ID>) {
    nextChange = { await subscription.next() }
  }

  private init(nextChange: @escaping @Sendable () async -> RepositoryChange<ID>?) {
    self.nextChange = nextChange
  }

  /// Iterates the merged changes.
  public struct AsyncIterator: AsyncIteratorProtocol {
    let nextChange: @Sendable () async -> RepositoryChange<ID>?

    /// The next change, merged with any that arrived before it was asked for; `nil` once the
    /// subscription has ended or the task is cancelled.
    public mutating func next() async -> RepositoryChange<ID>? {
      await nextChange()
    }
  }

  /// The same changes with each ID made an `Other` by `transform`, for a repository built on
  /// another whose items it presents under IDs of their own (the sync module's store);
  /// `transform` returns `nil` for an ID that is not an item there, and a change left with no
  /// ID and no failure is skipped.
  package func mapIDs<Other: Hashable & Sendable>(
    _ transform: @escaping @Sendable (ID) -> Other?
  ) -> RepositoryChanges<Other> {
    let nextChange = nextChange
    return RepositoryChanges<Other> {
      while let change = await nextChange() {
        guard let ids = change.ids else {
          return change.failure.map { .failed($0) } ?? .anything
        }
        let mapped = ids.compactMap(transform)
        if !mapped.isEmpty { return RepositoryChange(ids: mapped) }
      }
      return nil
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
    AsyncIterator(nextChange: nextChange)
  }
}
