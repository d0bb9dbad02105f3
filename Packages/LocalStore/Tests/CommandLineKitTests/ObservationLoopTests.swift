// Both ways the full-screen mode follows observable state: Observations and its fallback.

import Observation
import Testing

@testable import CommandLineKit

@MainActor @Suite struct ObservationLoopTests {
  @Observable @MainActor final class Counter {
    var value = 0
    var unrelated = 0
  }

  /// The values the loop delivered, and the task running it.
  @MainActor final class Run {
    var seen: [Int] = []
    var task: Task<Void, Never>?

    func waitFor(_ count: Int) async {
      for _ in 0..<2_000 where seen.count < count {
        try? await Task.sleep(for: .milliseconds(1))
      }
    }
  }

  enum Way: CaseIterable { case observations, withObservationTracking }

  private func start(_ way: Way, on counter: Counter) -> Run {
    let run = Run()
    run.task = Task {
      switch way {
      case .withObservationTracking:
        await ObservationLoop.trackingChanges({ counter.value }) { run.seen.append($0) }
      case .observations:
        if #available(macOS 26, iOS 26, *) {
          await ObservationLoop.observations({ counter.value }) { run.seen.append($0) }
        } else {
          await ObservationLoop.trackingChanges({ counter.value }) { run.seen.append($0) }
        }
      }
    }
    return run
  }

  @Test(arguments: Way.allCases)
  func deliversTheCurrentValueThenEachChange(way: Way) async {
    let counter = Counter()
    let run = start(way, on: counter)
    await run.waitFor(1)
    #expect(run.seen == [0])
    for next in 1...3 {
      counter.value = next
      await run.waitFor(next + 1)
    }
    #expect(run.seen == [0, 1, 2, 3])
    counter.unrelated = 7  // not read by the loop: no new value
    for _ in 0..<20 { try? await Task.sleep(for: .milliseconds(1)) }
    #expect(run.seen == [0, 1, 2, 3])
    run.task?.cancel()
    await run.task?.value
  }

  @Test(arguments: Way.allCases)
  func endsWhenItsTaskIsCancelled(way: Way) async {
    let counter = Counter()
    let run = start(way, on: counter)
    await run.waitFor(1)
    run.task?.cancel()
    await run.task?.value  // returns only if the loop ended
    counter.value = 1
    for _ in 0..<20 { try? await Task.sleep(for: .milliseconds(1)) }
    #expect(run.seen == [0])
  }
}
