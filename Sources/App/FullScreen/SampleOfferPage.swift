// Draws the welcome page that offers the built-in sample deck to a new store.

import Models
import TerminalUI

/// The offer to load the sample deck, shown when the store does not exist yet.
enum SampleOfferPage {
  /// Draws the offer, wrapped to the width.
  static func draw(into frame: inout Frame) {
    let text = [
      "There is no question bank here yet.", "",
      "Load the sample deck? It has \(Question.sampleDeck.count) questions about Swift "
        + "concurrency and persistence: what an actor guarantees, reentrancy, Sendable, "
        + "atomic writes, fsync and more.",
      "",
      "Press y to load it, or n to start with an empty bank.",
    ]
    var row = 2
    for paragraph in text {
      for line in TextWrapper.lines(paragraph, width: frame.columns - 4) where row < frame.rows - 2
      {
        frame.write(line, row: row, column: 2, style: row == 2 ? .bold : .plain)
        row += 1
      }
    }
  }
}
