// Follows observable state: Observations where the platform has it, withObservationTracking below.

import Observation

/// Calls a body with a value computed from observable state, then again after each change to
/// what the computation read, until the task is cancelled.
///
/// `Observations` (SE-0475) does this from macOS 26 and iOS 26, and on Linux. Below that, the
/// same loop is built from `withObservationTracking`, which is available from macOS 14 and
/// iOS 17: read the value while tracking, run the body, wait for the first change, repeat.
@MainActor
public enum ObservationLoop {
  /// Runs `body` with `value()` now and after each change, until the task is cancelled.
  public static func run<Value: Sendable>(
    _ value: @escaping @MainActor @Sendable () -> Value,
    _ body: (Value) async -> Void
  ) async {
    if #available(macOS 26, iOS 26, *) {
      await observations(value, body)
    } else {
      await trackingChanges(value, body)
    }
  }

  /// The loop over an `Observations` sequence.
  @available(macOS 26, iOS 26, *)
  static func observations<Value: Sendable>(
    _ value: @escaping @MainActor @Sendable () -> Value,
    _ body: (Value) async -> Void
  ) async {
    for await next in Observations({ value() }) {
      await body(next)
    }
  }

  /// The loop built from `withObservationTracking`, re-armed after every change.
  static func trackingChanges<Value: Sendable>(
    _ value: @escaping @MainActor @Sendable () -> Value,
    _ body: (Value) async -> Void
  ) async {
    while !Task.isCancelled {
      let (changed, continuation) = AsyncStream<Void>.makeStream()
      let current = withObservationTracking {
        value()
      } onChange: {
        continuation.finish()
      }
      await body(current)
      // Ends at the first change after the read, or at once when the task is cancelled.
      for await _ in changed {}
    }
  }
}
