// How a change gives another writer waiting for the store's lock its turn, cancelled or not.

import Dispatch

extension StoreEngine {
  /// How long this repository's changes keep the store's lock at least, once another writer
  /// or reader waits for it, before they let it go for a turn (2 ms): long enough that two
  /// busy writers still save in bursts of dozens, short enough that a save waits for a turn
  /// far less than ``StoreConfiguration/lossyLockLease``. A turn of 5 ms gave durable saves
  /// beside a lossy loop a median of 7.8 ms; 2 ms, 2.5 ms, with the same p99.
  static var turn: Duration { .milliseconds(2) }

  /// How long changes stay off the store's lock at most while another holder still says it
  /// waits (100 ms), or, where waiting holders cannot be seen (see ``WaitingHolders``), how
  /// long they stay off it after a long hold (2 ms).
  static var othersTurn: Duration {
    WaitingHolders.canBeSeen ? .milliseconds(100) : .milliseconds(2)
  }

  /// Gives another writer waiting for the store's lock a turn: a holder waiting for it says
  /// so on the lock file (``StoreLock/othersAreWaiting``), and a timed gap would be shorter
  /// than its poll of the lock.
  ///
  /// Held for ``turn`` with a holder waiting, or for ``StoreConfiguration/longestLockHold``
  /// in any case (a durable change keeps the lock until its record is synced, a burst of
  /// lossy ones for a lease, and a stream of them, each appended while the one before is
  /// syncing, would keep it for good), this change ends the lease, waits until the syncs
  /// under way are done and the lock is let go. Then, as every change that finds the lock
  /// let go, it stays off the lock while another holder says it waits, so that the waiter
  /// takes it before this repository takes it back: the announcement ends once the waiter has
  /// the lock. At most ``othersTurn``, in case the waiter is stuck elsewhere.
  func letOtherWritersTakeATurnIfDue() async {
    if let since = lock.heldSince, sync.needsTheLock {
      let held = since.duration(to: .now)
      if held > configuration.longestLockHold || (held >= Self.turn && lock.othersAreWaiting) {
        sync.endLease()
        if sync.needsTheLock {
          await withCheckedContinuation { changesWaitingForTheLock.append($0) }
        } else {
          releaseLockIfUnneeded()
        }
        if !WaitingHolders.canBeSeen, othersTurnEnds == nil {
          othersTurnEnds = .now + Self.othersTurn
        }
      }
    }
    if !lock.isHeld && lock.othersAreWaiting {
      let end = ContinuousClock.now + Self.othersTurn
      while !lock.isHeld && lock.othersAreWaiting && ContinuousClock.now < end {
        await pause(for: .microseconds(200))
      }
    }
    while let end = othersTurnEnds, ContinuousClock.now < end {
      await pause(for: ContinuousClock.now.duration(to: end))
    }
    othersTurnEnds = nil
  }

  /// Suspends the change for `duration`, whether or not its task is cancelled.
  ///
  /// A change goes through whatever its task says, and so does its wait for another writer's
  /// turn. `Task.sleep` would end at once in a cancelled task, and the loops above would then
  /// spin, putting the change back on the actor's queue thousands of times in a turn. The
  /// timer's queue only resumes the change, which then waits for the actor as any job does.
  private func pause(for duration: Duration) async {
    let (seconds, attoseconds) = duration.components
    let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    await withCheckedContinuation { continuation in
      DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
        continuation.resume()
      }
    }
  }
}
