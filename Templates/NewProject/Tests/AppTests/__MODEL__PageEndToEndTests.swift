// The __model__ page of the full-screen app, reached with Tab in a pseudo-terminal, saving to its own store.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import App

@Suite(.serialized) struct __MODEL__PageEndToEndTests {
  private let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "__MODEL__Page")
  }

  private var executable: URL { BuiltProducts.executable("__EXECUTABLE__") }

  /// Runs `__EXECUTABLE__ [group] arguments` on the test's data folder.
  private func run(_ arguments: [String]) async throws -> ChildProcessResult {
    let group = await MainActor.run { __MODEL__Commands.group }
    return try await ChildProcess.run(
      executable, ["--data-dir", folder.url.path] + (group.map { [$0] } ?? []) + arguments,
      environment: ["__ENV_PREFIX___DATA_DIR": nil])
  }

  @Test func thePageAddsEditsAndFollowsItsOwnStore() async throws {
    let terminal = try PseudoTerminal(
      executable: executable, arguments: ["--data-dir", folder.url.path],
      environment: ["__ENV_PREFIX___DATA_DIR": nil], columns: 100, rows: 24)
    try terminal.waitForText("j/k move")
    // Tab until this page is shown: alone, it has no tabs; among others, its name is bracketed.
    for _ in 0..<10 {
      let title = terminal.screen.line(0)
      if title.contains("[__Models__]") || !title.contains("[") { break }
      try terminal.send("\t")
      try await Task.sleep(for: .milliseconds(50))
    }
    try terminal.send("a")
    try terminal.waitForText("New __MODEL__")
    // fields: tests-form-text
    try terminal.send("First\tSome notes\ta, b\r")
    try terminal.waitForText("Added “First”.")
    #expect(try await run(["list"]).standardOutput.contains("First  #a #b"))
    // fields: end

    _ = try await run(["add", "From another process"])
    try terminal.waitForText("From another process")
    try terminal.send("q")
    _ = try terminal.waitForExit()
  }
}
