// `import` and `export` run in process: what they print, what they save, and when they refuse.

import Foundation
import LocalStore
import LocalStoreTestSupport
import Models
import Testing

@testable import App

@MainActor
@Suite struct TransferCommandTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "AppTransfer")
  }

  /// Writes `text` to a file in the test's folder and returns its path.
  func file(_ name: String, _ text: String) throws -> String {
    let url = folder.appending(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  @Test func invalidRowsAreAllListedAndNothingIsSaved() async throws {
    let harness = RunnerHarness([Fixtures.actor])
    let path = try file(
      "bad.csv",
      """
      prompt,answer,tags
      Good?,Yes,x
      ,No prompt,
      No answer?,,
      Good too?,Yes,
      "Never closed,x,

      """)
    let result = await harness.run(["import", path])
    #expect(result.status == 1)
    #expect(result.output.isEmpty)
    #expect(
      result.errors == """
        \(path):3: Enter a prompt.
        \(path):4: Enter an answer.
        \(path):6: field 1 opens a quote that is never closed, so the record runs to the end of the file
        questions: error: \(path) has 3 invalid rows (listed above) and 2 valid; nothing was \
        imported. Fix the invalid rows, or run again with --skip-invalid to import only the valid \
        ones.

        """)
    #expect(await harness.repository.loadAll() == [Fixtures.actor])
  }

  @Test func skipInvalidImportsTheValidRowsAndSaysWhatWasSkipped() async throws {
    let harness = RunnerHarness()
    let path = try file("some.csv", "prompt,answer\nGood?,Yes\n,No prompt\n")
    let result = await harness.run(["import", path, "--skip-invalid"])
    #expect(result.status == 0)
    #expect(result.errors.hasPrefix("\(path):3: Enter a prompt.\n"))
    #expect(
      result.errors.dropFirst("\(path):3: Enter a prompt.\n".count)
        == "Imported 1 question from \(path): 1 added, 0 replaced. Skipped 1 invalid row.\n")
    #expect(await harness.repository.loadAll().map(\.prompt) == ["Good?"])
  }

  @Test func importStoresARowAsAddStoresItAndSkipsARowBreakingARule() async throws {
    let harness = RunnerHarness()
    let added = await harness.run(["add", "  padded  ", "--answer", " A\n", "--tag", " x "])
    try #require(added.status == 0)
    let long = String(repeating: "p", count: 1_001)
    let path = try file(
      "rules.csv", "prompt,answer,tags\n\"  padded  \",\" A\",\" x ;X\"\n\(long),A,\n")
    let result = await harness.run(["import", path, "--skip-invalid"])
    #expect(result.status == 0)
    #expect(
      result.errors.hasPrefix(
        "\(path):3: Shorten the prompt to 1000 characters or fewer; it has 1001.\n"))
    let stored = await harness.repository.loadAll()
    try #require(stored.count == 2)
    #expect(stored.map(\.prompt) == ["padded", "padded"])
    #expect(stored.map(\.answer) == ["A", "A"])
    #expect(stored.map(\.tags) == [["x"], ["x"]])
  }

  @Test func rowsWithAStoredIDReplaceItAndRepeatedIDsAreMerged() async throws {
    let harness = RunnerHarness([Fixtures.actor, Fixtures.optional])
    let id = Fixtures.actor.id.uuidString
    let path = try file(
      "update.csv", "id,prompt,answer\n\(id),Old,a\n,New,a\n\(id),Changed,a\n")
    let result = await harness.run(["import", path])
    #expect(result.status == 0)
    #expect(
      result.errors
        == "Imported 2 questions from \(path): 1 added, 1 replaced. 1 row repeated the id of an"
        + " earlier row; the later row was kept.\n")
    let stored = await harness.repository.loadAll()
    #expect(stored.map(\.prompt) == ["Changed", Fixtures.optional.prompt, "New"])
  }

  @Test func jsonSummaryHasEveryCount() async throws {
    let harness = RunnerHarness()
    let path = try file("one.csv", "prompt,answer\nQ?,A\n")
    let result = await harness.run(["--json", "import", path])
    #expect(result.status == 0)
    let report = try JSONDecoder().decode([String: AnyCodable].self, from: Data(result.output.utf8))
    #expect(report["imported"] == .number(1))
    #expect(report["added"] == .number(1))
    #expect(report["replaced"] == .number(0))
    #expect(report["merged"] == .number(0))
    #expect(report["skipped"] == .number(0))
    #expect(report["format"] == .text("csv"))
    #expect(report["file"] == .text(path))
  }

  @Test func anUnknownColumnIsNamedAndNothingIsSaved() async throws {
    let harness = RunnerHarness()
    let path = try file("typo.csv", "prompt,answr\nQ?,A\n")
    let result = await harness.run(["import", path, "--skip-invalid"])
    #expect(result.status == 1)
    #expect(
      result.errors.hasPrefix(
        "questions: error: \(path):1: the header names an unknown column \"answr\""))
    #expect(result.errors.hasSuffix("Nothing was imported.\n"))
    #expect(await harness.repository.loadAll().isEmpty)
  }

  @Test func aMissingFileIsNamed() async {
    let path = folder.appending("missing.csv").path
    let result = await RunnerHarness().run(["import", path])
    #expect(result.status == 1)
    #expect(
      result.errors
        == "questions: error: Cannot read \(path): there is no such file. Nothing was imported.\n")
  }

  @Test func theFormatComesFromTheOptionThenTheExtensionThenTheContents() async throws {
    let json =
      #"[{"answer":"A","createdAt":"2026-11-22T07:54:15Z","id":"\#(Fixtures.actor.id)","prompt":"Q?","tags":[]}]"#
    let harness = RunnerHarness()
    let sniffed = try file("no-extension", json)
    #expect(await harness.run(["import", sniffed]).status == 0)
    let misnamed = try file("data.txt", "prompt,answer\nP,A\n")
    #expect(await harness.run(["import", misnamed]).status == 0)
    let forced = try file("really-csv.json", "prompt,answer\nP,A\n")
    #expect(await harness.run(["import", forced, "--format", "csv"]).status == 0)
    let wrong = await harness.run(["import", forced])
    #expect(wrong.status == 1)
    #expect(wrong.errors.contains("not valid JSON"))
    #expect(await harness.repository.loadAll().count == 3)
  }

  @Test func exportWritesTheFileAndSaysSo() async throws {
    let harness = RunnerHarness([Fixtures.actor, Fixtures.optional])
    let path = folder.appending("out.csv").path
    let result = await harness.run(["export", path])
    #expect(result.status == 0)
    #expect(result.errors == "Exported 2 questions to \(path) as CSV.\n")
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(bytes == (try QuestionCSV.encode([Fixtures.actor, Fixtures.optional])))
  }

  @Test func exportToStandardOutputPrintsOnlyTheData() async throws {
    let harness = RunnerHarness([Fixtures.actor])
    let result = await harness.run(["export", "--format", "csv"])
    #expect(result.status == 0)
    #expect(result.errors.isEmpty)
    #expect(result.output.hasPrefix("id,prompt,answer,tags,createdAt\n"))
    let json = await harness.run(["export"])
    #expect(json.output == (await harness.run(["--json", "list"])).output)
  }

  @Test func aTagCSVCannotHoldStopsTheExportAndLeavesTheFile() async throws {
    let question = Question(prompt: "Q?", answer: "A", tags: ["a;b"])
    let harness = RunnerHarness([question])
    let path = try file("old.csv", "older export\n")
    let result = await harness.run(["export", path])
    #expect(result.status == 1)
    #expect(
      result.errors
        == "questions: error: Cannot export as CSV: the question \(question.id.uuidString) has"
        + " the tag \"a;b\", which CSV cannot hold because \";\" separates tags. Nothing was"
        + " written. Export with '--format json', which keeps every question exactly.\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "older export\n")
  }

  @Test func exportRefusesToReplaceTheStore() async throws {
    let harness = RunnerHarness([Fixtures.actor])
    let store = folder.appending("questions.json").path
    let result = await harness.run(["--data-dir", folder.url.path, "export", store])
    #expect(result.status == 1)
    #expect(result.errors.contains("belongs to the data folder"))
    #expect(!FileManager.default.fileExists(atPath: store))
  }

  @Test(arguments: [
    "questions.json.journal", "questions.json.lock", "sessions.json", "sessions.json.journal",
    "sessions.json.lock", "questions.json.corrupt-20260101T000000Z",
    "sessions.json.journal.torn-20260101T000000Z",
  ])
  func exportRefusesToReplaceAnyFileOfAnyStoreInTheDataFolder(name: String) async throws {
    let harness = RunnerHarness([Fixtures.actor])
    let target = folder.appending(name)
    try Data("quiz history\n".utf8).write(to: target)
    let result = await harness.run(["--data-dir", folder.url.path, "export", target.path])
    #expect(result.status == 1)
    #expect(result.errors.contains("belongs to the data folder"), "\(result.errors)")
    #expect(try String(contentsOf: target, encoding: .utf8) == "quiz history\n")
  }

  @Test func aLongImportOnATerminalDrawsAProgressBarOnStandardError() async throws {
    let harness = RunnerHarness()
    harness.standardErrorIsTerminal = true
    let rows = (0..<3_000).map { "Q\($0)?,A\n" }.joined()
    let path = try file("long.csv", "prompt,answer\n" + rows)
    let result = await harness.run(["import", path])
    #expect(result.status == 0)
    #expect(result.errors.contains("\rReading long.csv ["))
    #expect(result.errors.contains("\r\u{1B}[KSaving 3000 questions..."))
    #expect(
      result.errors.hasSuffix(
        "\r\u{1B}[KImported 3000 questions from \(path): 3000 added, 0 replaced.\n"))
    #expect(result.output.isEmpty)
  }

  @Test func aLongExportToStandardOutputEndsWithACountOnStandardError() async throws {
    let deck = (0..<3_000).map { Question(prompt: "Q\($0)?", answer: "A") }
    let harness = RunnerHarness(deck)
    let result = await harness.run(["export", "--format", "csv"])
    #expect(result.status == 0)
    #expect(result.errors == "Exported 3000 questions.\n")
    #expect(result.output.split(separator: "\n").count == 3_001)
  }

  /// A JSON scalar, enough to read the import report.
  enum AnyCodable: Decodable, Equatable {
    case number(Int)
    case text(String)

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let number = try? container.decode(Int.self) {
        self = .number(number)
      } else {
        self = .text(try container.decode(String.self))
      }
    }
  }
}
