// Case 6: two tests use the recorder; only the first says which platforms it needs.
import Observation

@Observable @MainActor final class Counter {
  var count = 0
}

@available(macOS 26, iOS 26, *)
@MainActor func annotatedTest() {
  let counter = Counter()
  let recorder = ObservationRecorder(Observations { counter.count })
  _ = recorder.values
}

@MainActor func unannotatedTest() {
  let counter = Counter()
  let recorder = ObservationRecorder(Observations { counter.count })
  _ = recorder.values
}
