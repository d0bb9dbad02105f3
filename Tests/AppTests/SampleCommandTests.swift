// `questions sample` run as a child process: loads the deck once, however often it runs.

import Foundation
import Models
import TestSupport
import Testing

@Suite struct SampleCommandTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "AppSample")
  }

  func questions(_ arguments: [String]) throws -> ChildProcessResult {
    try ChildProcess.run(
      BuiltProducts.executable("questions"), ["--data-dir", folder.url.path] + arguments,
      environment: ["QUESTIONS_DATA_DIR": nil, "NO_COLOR": nil])
  }

  @Test func theEmptyStoreHintMentionsTheSampleDeck() throws {
    let result = try questions(["list"])
    #expect(result.status == 0)
    #expect(result.standardError.contains("questions sample"))
  }

  @Test func loadingTheDeckTwiceAddsItOnce() throws {
    let first = try questions(["sample"])
    #expect(first.status == 0)
    #expect(first.standardError.contains("Loaded \(Question.sampleDeck.count) sample questions"))
    #expect(try questions(["sample"]).status == 0)

    let list = try questions(["--json", "list"])
    #expect(list.status == 0)
    let stored = try JSONDecoder().decode([Question].self, from: Data(list.standardOutput.utf8))
    #expect(stored == Question.sampleDeck)
  }

  @Test func jsonOutputIsTheDeck() throws {
    let result = try questions(["--json", "sample"])
    #expect(result.status == 0)
    let printed = try JSONDecoder().decode([Question].self, from: Data(result.standardOutput.utf8))
    #expect(printed == Question.sampleDeck)
  }

  @Test func takesNoArguments() throws {
    let result = try questions(["sample", "extra"])
    #expect(result.status == 64)
    #expect(result.standardOutput.isEmpty)
  }
}
