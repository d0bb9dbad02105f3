// One subscriber's merged, not yet delivered change, and the subscriber waiting for it.

/// What one subscriber of a ``ChangeFeed`` has not yet received, handed over between the
/// repository that publishes and the subscriber's task.
///
/// The two sides run on different executors, and cancellation arrives synchronously on
/// whatever thread cancels the subscriber's task, where nothing can be awaited: the state
/// sits behind a ``LockedState``, held only to read or swap a value, never across a call.
final class ChangeSubscription<ID: Hashable & Sendable>: Sendable {
  private struct State {
    var pending: RepositoryChange<ID>?
    var waiter: CheckedContinuation<RepositoryChange<ID>?, Never>?
    var isFinished = false
    /// Runs once when the subscription ends, whichever side ends it.
    var onEnd: (@Sendable () -> Void)?
  }

  private let state: LockedState<State>

  init(onEnd: (@Sendable () -> Void)? = nil) {
    state = LockedState(State(onEnd: onEnd))
  }

  deinit {
    end()
  }

  /// Whether the subscriber is still listening.
  var isActive: Bool {
    state.withLock { !$0.isFinished }
  }

  /// Merges `change` into the pending one and wakes the subscriber; never blocks.
  func deliver(_ change: RepositoryChange<ID>) {
    let waiter = state.withLock { state -> CheckedContinuation<RepositoryChange<ID>?, Never>? in
      guard !state.isFinished else { return nil }
      if let waiter = state.waiter {
        state.waiter = nil
        return waiter
      }
      state.pending = state.pending?.merging(change) ?? change
      return nil
    }
    waiter?.resume(returning: change)
  }

  /// The pending change, or the next one delivered; `nil` once finished or cancelled.
  func next() async -> RepositoryChange<ID>? {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let ready = state.withLock { state -> RepositoryChange<ID>?? in
          if let pending = state.pending {
            state.pending = nil
            return .some(pending)
          }
          if state.isFinished || Task.isCancelled { return .some(nil) }
          state.waiter = continuation
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      finish()
    }
  }

  /// Ends the subscription: a waiting subscriber gets `nil`, and so does every later call.
  func finish() {
    let waiter = state.withLock { state in
      state.isFinished = true
      state.pending = nil
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(returning: nil)
    end()
  }

  private func end() {
    let onEnd = state.withLock { state in
      defer { state.onEnd = nil }
      return state.onEnd
    }
    onEnd?()
  }
}
