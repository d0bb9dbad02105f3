// How many changes callers have asked a store for that have not reached its actor yet.

/// The count of changes on their way to a store: asked for by a caller (a save, a delete, a
/// batch) and not yet started on the store's actor.
///
/// It is what group commit decides by. A save whose record is the last one appended, with no
/// change on its way, is alone: it syncs at once, on the actor, with no suspension. A save
/// with changes on their way first lets them run and append, so that one `fsync` covers them
/// all (``StoreEngine/waitUntilDurable(_:)``). The count is the store's own: reads, a
/// follower's catch-up and timers never enter it, and nothing looks at how many jobs wait on
/// the executor.
///
/// A caller counts its change in before it hops onto the actor (``announce()``) and the
/// change counts itself out as its first step there (``arrive()``), so the count is written
/// from any thread: it is the second piece of state in the store behind a lock (``LockedState``),
/// a named exception. A wrong count costs only a missed share of a sync, never a save.
final class IncomingChanges: Sendable {
  private let count = LockedState(0)

  /// Counts in a change a caller is about to send to the actor.
  func announce() {
    count.withLock { $0 += 1 }
  }

  /// Counts out a change that has reached the actor.
  func arrive() {
    count.withLock { $0 -= 1 }
  }

  /// Whether any change asked for has not reached the actor yet.
  var someAreOnTheirWay: Bool {
    count.withLock { $0 > 0 }
  }
}
