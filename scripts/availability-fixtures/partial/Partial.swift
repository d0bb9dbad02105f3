// Uses a guard leaves uncovered: the other platform, the else branch, code before a guard.
import Observation
import Synchronization

@Observable @MainActor final class Screen {
  var title = ""
}

@MainActor func redraw(_ screen: Screen) async {
  if #available(macOS 26, *) {
    for await _ in Observations({ screen.title }) {}
  } else {
    for await _ in Observations({ screen.title }) {}
  }
}

func count() -> Int {
  let early = Atomic<Int>(0)
  guard #available(macOS 15, iOS 18, *) else { return 0 }
  let late = Atomic<Int>(1)
  return early.load(ordering: .relaxed) + late.load(ordering: .relaxed)
}

/// Line numbers stay right after a multi-line string with a line continuation.
func message() -> String {
  """
  one \
  two
  """
}

let afterTheString = Atomic<Int>(2)
