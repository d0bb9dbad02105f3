// Lets one caller at a time follow a store's changes; the others wait for their turn.

/// The one turn to follow a store, for a view model that several screens may follow at once.
///
/// Two windows showing the same list each run the view model's `followChanges()` from their
/// `.task`. One subscription serves both, and two would read the store twice per change, so
/// the first call takes the turn and subscribes, and a second one waits. When the first
/// call's task is cancelled (its window closed) while the second still runs, the second takes
/// the turn and subscribes in its place: the list stays live for as long as any screen
/// follows it, and is never followed twice.
///
/// ```swift
/// guard await turn.take() else { return }  // Cancelled while waiting.
/// defer { turn.release() }
/// ```
@MainActor
final class SubscriptionTurn {
  private var isTaken = false
  private var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
  private var nextTicket = 0

  /// Waits until no other caller holds the turn, then takes it; `false` when the calling task
  /// is cancelled first.
  func take() async -> Bool {
    let ticket = nextTicket
    nextTicket += 1
    while isTaken {
      await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
          if Task.isCancelled { continuation.resume() } else { waiting[ticket] = continuation }
        }
      } onCancel: {
        Task { @MainActor in self.waiting.removeValue(forKey: ticket)?.resume() }
      }
      if Task.isCancelled { return false }
    }
    isTaken = true
    return true
  }

  /// Gives the turn back and wakes every caller waiting for it; the first to run takes it,
  /// the others wait again.
  func release() {
    isTaken = false
    let woken = waiting.values
    waiting = [:]
    for continuation in woken { continuation.resume() }
  }
}
