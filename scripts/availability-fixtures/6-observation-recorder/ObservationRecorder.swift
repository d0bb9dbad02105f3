// Case 6: a test helper that needs `Observations`, so it is marked macOS 26 / iOS 26.
import Observation

@available(macOS 26, iOS 26, *)
@MainActor final class ObservationRecorder<Value: Sendable> {
  private(set) var values: [Value] = []

  init(_ observations: Observations<Value, Never>) {}
}
