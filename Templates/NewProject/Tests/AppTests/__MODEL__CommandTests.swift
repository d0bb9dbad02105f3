// The commands on __model__ values, run through the built `__EXECUTABLE__` as a child process.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import App

@Suite struct __MODEL__CommandTests {
  private let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "__MODEL__Commands")
  }

  /// Runs `__EXECUTABLE__ [group] arguments` on the test's data folder.
  private func run(_ arguments: [String]) async throws -> ChildProcessResult {
    let group = await MainActor.run { __MODEL__Commands.group }
    return try await ChildProcess.run(
      BuiltProducts.executable("__EXECUTABLE__"),
      ["--data-dir", folder.url.path] + (group.map { [$0] } ?? []) + arguments,
      environment: ["__ENV_PREFIX___DATA_DIR": nil])
  }

  // fields: tests-commands
  @Test func addListSearchShowEditAndDelete() async throws {
    let added = try await run(["add", "Pancakes", "--notes", "Flour, eggs, milk", "--tag", "quick"])
    #expect(added.status == 0, "\(added.standardError)")
    let id = added.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(UUID(uuidString: id) != nil)
    #expect(try await run(["add", "Bread", "--tag=slow"]).status == 0)

    let list = try await run(["list"])
    #expect(list.standardOutput.contains("Pancakes  #quick"))
    #expect(list.standardOutput.contains("Bread  #slow"))
    #expect(try await run(["list", "--tag", "slow"]).standardOutput.contains("Pancakes") == false)
    let found = try await run(["search", "EGGS", "flour"])
    #expect(found.status == 0)
    #expect(found.standardOutput.contains("Pancakes") && !found.standardOutput.contains("Bread"))

    let prefix = String(id.prefix(6)).lowercased()
    let edited = try await run(
      ["edit", prefix, "--title", "Crêpes", "--notes", "Thin", "--tag", "a", "--tag", "b"])
    #expect(edited.status == 0, "\(edited.standardError)")
    #expect(edited.standardError == "Saved \(id)\n")
    let shown = try await run(["show", prefix])
    #expect(shown.standardOutput.contains("Title: Crêpes"))
    #expect(shown.standardOutput.contains("Notes: Thin"))
    #expect(shown.standardOutput.contains("Tags: a, b"))
    #expect(shown.standardOutput.contains("Id: \(id)"))
    #expect(try await run(["edit", prefix, "--tag", ""]).status == 0)
    #expect(!(try await run(["show", prefix])).standardOutput.contains("Tags:"))

    let deleted = try await run(["delete", id])
    #expect(deleted.standardError == "Deleted \(id)\n")
    #expect(!(try await run(["list"])).standardOutput.contains("Crêpes"))
  }

  @Test func jsonHasTheModelsKeys() async throws {
    _ = try await run(["add", "Soup", "--tag", "a", "--tag", "b"])
    let result = try await run(["list", "--json"])
    #expect(result.status == 0)
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
    try #require(array.count == 1)
    #expect(array[0]["tags"] as? [String] == ["a", "b"])
    #expect(array[0]["title"] as? String == "Soup")
  }
  // fields: end

  @Test(
    arguments: [
      ["add"], ["add", "  "], ["edit", "abcd"], ["show", "--tag", "x", "abcd"], ["list", "x"],
      ["serch", "x"], ["edit", "abcd", "--ttle", "x"],
    ])
  func aWrongCommandLineExitsWith64(arguments: [String]) async throws {
    _ = try await run(["add", "Something"])
    let result = try await run(arguments)
    #expect(result.status == 64, "\(result.standardError)")
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.hasPrefix("__EXECUTABLE__: error: "))
  }

  /// The words that name this model's commands before the command: its group word, or none
  /// for the first model.
  private func groupWords() async -> [String] {
    await MainActor.run { __MODEL__Commands.group.map { [$0] } ?? [] }
  }

  /// `help add`, `add --help`, `add -h` and `-h` after other words all print `add`'s own page
  /// (once they printed the whole general page): its usage, arguments and options.
  @Test(arguments: [["help"], ["--help"], ["-h"], ["Soup", "-h"]])
  func eachCommandHasItsOwnHelp(form: [String]) async throws {
    let words = await groupWords()
    let arguments = form == ["help"] ? ["help"] + words + ["add"] : words + ["add"] + form
    let result = try await ChildProcess.run(
      BuiltProducts.executable("__EXECUTABLE__"), ["--data-dir", folder.url.path] + arguments)
    #expect(result.status == 0, "\(result.standardError)")
    let page = result.standardOutput
    let usage = "USAGE: __EXECUTABLE__ " + (words + ["add <__title__>"]).joined(separator: " ")
    #expect(page.hasPrefix("OVERVIEW: Add a __model__ and print its id."), "\(page)")
    #expect(page.contains(usage), "\(page)")
    #expect(page.contains("\nARGUMENTS:\n  <__title__> "), "\(page)")
    // fields: tests-help-option
    #expect(page.contains("\n  --notes <text> "), "\(page)")
    // fields: end
    #expect(page.contains("\n  --data-dir <dir> "), "\(page)")
    #expect(!page.contains("SUBCOMMANDS"), "\(page)")
  }

  // fields: tests-typo-option
  /// A mistyped option followed by its value is named, with the nearest option, and the usage
  /// line and help pointer that follow are the command's.
  @Test(arguments: [["Dune", "--tga", "x"], ["--tga", "x", "Dune"], ["Dune", "--tga=x"]])
  func aMistypedOptionWithAValueGetsTheNearestAndTheCommandsUsage(rest: [String]) async throws {
    let result = try await run(["add"] + rest)
    #expect(result.status == 64, "\(result.standardError)")
    let command = (await groupWords() + ["add"]).joined(separator: " ")
    let errors = result.standardError
    #expect(errors.contains("Unknown option '--tga'; did you mean '--tag'?"), "\(errors)")
    #expect(errors.contains("Usage: __EXECUTABLE__ \(command) <__title__>"), "\(errors)")
    #expect(errors.contains("Run '__EXECUTABLE__ help \(command)'"), "\(errors)")
  }
  // fields: end

  @Test func aTypoGetsTheNearestCommandOrOption() async throws {
    #expect(try await run(["serch", "x"]).standardError.contains("did you mean 'search'?"))
    _ = try await run(["add", "Something"])
    let id = try await run(["list", "--json"]).standardOutput
    let prefix = try #require(id.range(of: #"[0-9A-F]{8}-"#, options: .regularExpression))
    // fields: tests-title-typo
    let typo = try await run(["edit", String(id[prefix].prefix(8)), "--ttle", "x"])
    #expect(typo.standardError.contains("did you mean '--title'?"))
    // fields: end
  }
}
