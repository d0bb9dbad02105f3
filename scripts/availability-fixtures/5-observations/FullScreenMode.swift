// Case 5: redrawing from an `Observations` sequence (macOS 26 / iOS 26).
import Observation

@Observable @MainActor final class Screen {
  var title = ""
}

@MainActor func redraw(_ screen: Screen, draw: (String) -> Void) async {
  for await title in Observations({ screen.title }) {
    draw(title)
  }
}
