// `questions sample` run as a child process: loads the deck once, however often it runs.

import Foundation
import LocalStoreTestSupport
import Models
import Testing

@Suite struct SampleCommandTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "AppSample")
  }

  func questions(_ arguments: [String]) async throws -> ChildProcessResult {
    try await ChildProcess.run(
      BuiltProducts.executable("questions"), ["--data-dir", folder.url.path] + arguments,
      environment: ["QUESTIONS_DATA_DIR": nil, "NO_COLOR": nil])
  }

  @Test func theEmptyStoreHintMentionsTheSampleDeck() async throws {
    let result = try await questions(["list"])
    #expect(result.status == 0)
    #expect(result.standardError.contains("questions sample"))
  }

  @Test func loadingTheDeckTwiceAddsItOnce() async throws {
    let first = try await questions(["sample"])
    #expect(first.status == 0)
    #expect(first.standardError.contains("Loaded \(Question.sampleDeck.count) sample questions"))
    #expect(try await questions(["sample"]).status == 0)

    let list = try await questions(["--json", "list"])
    #expect(list.status == 0)
    let stored = try JSONDecoder().decode([Question].self, from: Data(list.standardOutput.utf8))
    #expect(stored == Question.sampleDeck)
  }

  @Test func jsonOutputIsTheDeck() async throws {
    let result = try await questions(["--json", "sample"])
    #expect(result.status == 0)
    let printed = try JSONDecoder().decode([Question].self, from: Data(result.standardOutput.utf8))
    #expect(printed == Question.sampleDeck)
  }

  @Test func takesNoArguments() async throws {
    let result = try await questions(["sample", "extra"])
    #expect(result.status == 64)
    #expect(result.standardOutput.isEmpty)
  }
}
