// Records every state an `Observations` sequence delivers, as a front end would see them.

import Observation

/// Collects the values an observer receives, on the main actor.
@available(macOS 26, iOS 26, *)
@MainActor public final class ObservationRecorder<Value: Sendable> {
  /// Every value received, in order.
  public private(set) var values: [Value] = []
  private var task: Task<Void, Never>?

  /// Starts recording `observations`.
  ///
  /// Build the sequence at the call site, `Recorder(Observations { ... })`: with Swift 6.3.1
  /// on Linux, creating it here from a closure parameter crashes at run time.
  public init(_ observations: Observations<Value, Never>) {
    task = Task { [weak self] in
      for await next in observations { self?.values.append(next) }
    }
  }

  /// Waits until at least `count` values arrived, or about two seconds passed.
  public func waitForCount(_ count: Int) async {
    for _ in 0..<2_000 where values.count < count {
      try? await Task.sleep(for: .milliseconds(1))
    }
  }

  /// Lets any further pending emission arrive, then stops observing.
  public func settle() async {
    for _ in 0..<20 { try? await Task.sleep(for: .milliseconds(1)) }
    task?.cancel()
  }
}
