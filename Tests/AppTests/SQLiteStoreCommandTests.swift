// The built program on a SQLite store: damage is refused, never listed as an empty store,
// and `repair` keeps every question it can still read.

import Foundation
import LocalStoreTestSupport
import Models
import Testing

@Suite struct SQLiteStoreCommandTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "SQLiteCommands")
  }

  func questions(_ arguments: [String]) async throws -> ChildProcessResult {
    try await ChildProcess.run(
      BuiltProducts.executable("questions"), ["--data-dir", folder.url.path] + arguments,
      environment: ["QUESTIONS_DATA_DIR": nil, "NO_COLOR": "1"])
  }

  /// A folder that syncs stays in the synced store: moving to a store that does not sync
  /// would stop the sync and leave its unsent changes behind.
  @Test(arguments: ["sqlite", "journal"])
  func aFolderThatSyncsIsNotMovedToAStoreThatDoesNot(_ target: String) async throws {
    try Data("synced\n".utf8).write(to: folder.appending("questions.store"))
    #expect(try await questions(["add", "Kept?", "--answer", "Yes"]).status == 0)
    let refused = try await questions(["migrate", "--to", target])
    #expect(refused.status == 1)
    #expect(refused.standardError.contains("This folder syncs"), "\(refused.standardError)")
    #expect(refused.standardError.contains("Nothing moved."))
    #expect(!FileManager.default.fileExists(atPath: folder.appending("questions.sqlite").path))
    #expect(
      try String(contentsOf: folder.appending("questions.store"), encoding: .utf8) == "synced\n")
    #expect(try await questions(["list"]).standardOutput.contains("Kept?"))
  }

  @Test func aDamagedPageIsRefusedByListAndRepairKeepsTheRest() async throws {
    #expect(try await questions(["sample"]).status == 0)
    #expect(try await questions(["migrate", "--to", "sqlite"]).status == 0)
    let listed = try await questions(["--json", "list"])
    let all = try JSONDecoder().decode([Question].self, from: Data(listed.standardOutput.utf8))
    try #require(all.count == Question.sampleDeck.count)

    // The page holding the first question's prompt, overwritten.
    let file = folder.appending("questions.sqlite")
    var bytes = try Data(contentsOf: file)
    let offset = try #require(bytes.range(of: Data(all[0].prompt.utf8))).lowerBound
    let page = offset / 4096 * 4096
    bytes.replaceSubrange(page..<page + 4096, with: Data(repeating: 0xA5, count: 4096))
    try bytes.write(to: file)

    let refused = try await questions(["list"])
    #expect(refused.status == 1)
    #expect(refused.standardOutput.isEmpty, "\(refused.standardOutput)")
    #expect(refused.standardError.contains("is not a valid store"), "\(refused.standardError)")

    let repaired = try await questions(["repair"])
    #expect(repaired.status == 0, "\(repaired.standardError)")
    #expect(repaired.standardError.contains("Nothing was deleted"), "\(repaired.standardError)")
    let after = try await questions(["--json", "list"])
    #expect(after.status == 0)
    let kept = try JSONDecoder().decode([Question].self, from: Data(after.standardOutput.utf8))
    #expect(!kept.isEmpty && kept.count < all.count)
    #expect(kept == all.filter { question in kept.contains { $0.id == question.id } })
  }
}
