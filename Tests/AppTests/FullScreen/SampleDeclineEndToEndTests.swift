// Declining the sample deck is remembered: the next start opens on the empty list.

import Foundation
import LocalStoreTestSupport
import Testing

@Suite(.serialized, .timeLimit(.minutes(1))) struct SampleDeclineEndToEndTests {
  private let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "FullScreenDecline")
  }

  private func launch() throws -> PseudoTerminal {
    try PseudoTerminal(
      executable: BuiltProducts.executable("questions"),
      arguments: ["--data-dir", folder.url.path], columns: 80, rows: 24)
  }

  @Test func aDeclinedOfferIsNotMadeAgain() throws {
    let first = try launch()
    try first.waitForText("Load the sample deck?")
    try first.send("n")
    try first.waitForText("No questions yet.")
    try first.send("q")
    #expect(try first.waitForExit().status == 0)

    let second = try launch()
    try second.waitForText("No questions yet.")
    #expect(!second.screenText.contains("Load the sample deck?"))
    try second.send("q")
    #expect(try second.waitForExit().status == 0)
  }
}
