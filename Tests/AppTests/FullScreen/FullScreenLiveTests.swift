// The full-screen list follows the store: another terminal's commands show up with no key pressed.

import Foundation
import LocalStoreTestSupport
import Testing

/// Runs the real `questions` binary in a pseudo-terminal while other `questions` processes
/// add and delete questions in the same data folder.
@Suite(.serialized) struct FullScreenLiveTests {
  private let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "FullScreenLive")
  }

  /// Runs a `questions` command on the folder, as another terminal would; returns its output.
  @discardableResult
  private func run(_ arguments: [String]) async throws -> String {
    let result = try await ChildProcess.run(
      BuiltProducts.executable("questions"), ["--data-dir", folder.url.path] + arguments)
    #expect(result.status == 0, "\(arguments): \(result.standardError)")
    return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Whether the row showing `text` is the selected (reversed) one.
  private func isSelected(_ text: String, on screen: ScreenSnapshot) -> Bool {
    guard let row = screen.row(containing: text) else { return false }
    return screen.attributes(row: row, column: 2).contains(.reverse)
  }

  @Test func questionsAddedAndDeletedElsewhereAppearWithoutAKeyAndKeepTheSelection() async throws {
    let alpha = try await run(["add", "alpha question", "--answer", "a"])
    let beta = try await run(["add", "beta question", "--answer", "b"])
    try await run(["add", "gamma question", "--answer", "c"])
    let terminal = try PseudoTerminal(
      executable: BuiltProducts.executable("questions"),
      arguments: ["--data-dir", folder.url.path], columns: 80, rows: 24)
    try terminal.waitForText("gamma question")
    try terminal.send("j")
    try terminal.waitForScreen { isSelected("beta question", on: $0) }

    // Another terminal adds a question: it appears with no key pressed. How soon is printed,
    // not checked: under `make test` the wall clock measures the machine's load as much as
    // the code. Timed from starting `questions add`, so it includes that process's own run.
    let added = ContinuousClock.now
    try await run(["add", "delta question", "--answer", "d"])
    let screen = try terminal.waitForScreen { $0.text.contains("delta question") }
    print("questions add started → shown in the full-screen list: \(ContinuousClock.now - added)")
    #expect(screen.line(0).hasSuffix(" 4"))
    #expect(isSelected("beta question", on: screen))

    // The selected question is deleted elsewhere: the selection stays on its row.
    try await run(["delete", beta])
    let afterDelete = try terminal.waitForScreen { !$0.text.contains("beta question") }
    #expect(isSelected("gamma question", on: afterDelete))

    // A question above the selection goes: the selection stays on its question.
    try await run(["delete", alpha])
    let afterSecond = try terminal.waitForScreen { !$0.text.contains("alpha question") }
    #expect(isSelected("gamma question", on: afterSecond))

    try terminal.send("q")
    let exit = try terminal.waitForExit()
    #expect(exit == PseudoTerminal.ExitStatus(status: 0, wasSignalled: false))
  }
}
