// `import` and `export` run as the real binary on real files, including 100,000-row round trips.

import CommandLineKit
import Foundation
import LocalStoreTestSupport
import Models
import Testing

@Suite struct TransferEndToEndTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "AppTransferEndToEnd")
  }

  /// Runs the binary on the data folder `store` inside the test's folder.
  func questions(
    _ arguments: [String], store: String = "store", input: Data = Data()
  ) async throws -> ChildProcessResult {
    try await ChildProcess.run(
      BuiltProducts.executable("questions"),
      ["--data-dir", folder.appending(store).path] + arguments,
      environment: ["QUESTIONS_DATA_DIR": nil, "NO_COLOR": nil], input: input)
  }

  /// Every file of a data folder with its bytes; empty when the folder does not exist.
  func snapshot(of store: String) throws -> [String: Data] {
    let url = folder.appending(store)
    guard FileManager.default.fileExists(atPath: url.path) else { return [:] }
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: url.path) {
      files[name] = try Data(contentsOf: url.appendingPathComponent(name))
    }
    return files
  }

  /// `count` questions with fixed ids and dates, some with tags, prompts that need quoting.
  static func generated(_ count: Int) -> [Question] {
    (0..<count).map { index in
      let digits = String(index, radix: 16)
      let suffix = String(repeating: "0", count: 12 - digits.count) + digits
      return Question(
        id: UUID(uuidString: "5A3F0000-0000-4000-8000-\(suffix)") ?? UUID(),
        prompt: "Question \(index): what does an actor \"guarantee\", exactly?",
        answer: "Answer \(index), on\ntwo lines",
        tags: index % 4 == 0 ? [] : ["t\(index % 9)", "x"],
        createdAt: Date(timeIntervalSince1970: 1_795_334_055 + Double(index) / 1000))
    }
  }

  /// A file made by this package's own encoder is byte for byte what `export` writes, so
  /// importing it into an empty store and exporting again must give the same bytes back:
  /// export, import into an empty data folder, export again, identical.
  @Test(arguments: [InterchangeFormat.json, .csv])
  func aHundredThousandRowsRoundTrip(format: InterchangeFormat) async throws {
    let deck = Self.generated(100_000)
    let bytes = format == .csv ? try QuestionCSV.encode(deck) : try QuestionJSON.encode(deck)
    let original = folder.appending("original.\(format.rawValue)")
    try Data(bytes).write(to: original)

    let imported = try await questions(["import", original.path])
    try #require(imported.status == 0, "\(imported.standardError)")
    #expect(imported.standardOutput.isEmpty)
    #expect(
      imported.standardError
        == "Read 100000 rows from \(original.path).\n"
        + "Imported 100000 questions from \(original.path): 100000 added, 0 replaced.\n")

    let copy = folder.appending("copy.\(format.rawValue)")
    let exported = try await questions(["export", copy.path])
    try #require(exported.status == 0, "\(exported.standardError)")
    #expect(exported.standardOutput.isEmpty)
    #expect(
      exported.standardError
        == "Exported 100000 questions to \(copy.path) as \(format.rawValue.uppercased()).\n")
    #expect(try Data(contentsOf: copy) == Data(bytes))
  }

  @Test func badRowsAreAllListedAndTheStoreIsLeftByteForByte() async throws {
    try await #require(try questions(["sample"]).status == 0)
    let before = try snapshot(of: "store")
    let bad = folder.appending("bad.csv")
    try Data(
      """
      prompt,answer,tags,id
      Fine?,Yes,,
      ,No prompt,,
      Bad id?,Yes,,12345
      Too,many,fields,,
      Fine too?,Yes,,

      """.utf8
    ).write(to: bad)
    let result = try await questions(["import", bad.path])
    #expect(result.status == 1)
    #expect(result.standardOutput.isEmpty)
    let lines = result.standardError.split(separator: "\n")
    #expect(
      lines.prefix(3) == [
        "\(bad.path):3: Enter a prompt.",
        "\(bad.path):4: the id \"12345\" is not a UUID",
        "\(bad.path):5: expected 4 fields (prompt,answer,tags,id), found 5",
      ])
    #expect(lines.last?.hasPrefix("questions: error: \(bad.path) has 3 invalid rows") == true)
    #expect(lines.last?.contains("--skip-invalid") == true)
    #expect(try snapshot(of: "store") == before)

    let skipped = try await questions(["import", bad.path, "--skip-invalid"])
    #expect(skipped.status == 0)
    #expect(skipped.standardError.hasSuffix("2 added, 0 replaced. Skipped 3 invalid rows.\n"))
    let list = try await questions(["--json", "list"])
    let stored = try JSONDecoder().decode([Question].self, from: Data(list.standardOutput.utf8))
    #expect(stored.count == Question.sampleDeck.count + 2)
  }

  @Test func aFailedImportIntoNoStoreCreatesNothing() async throws {
    let bad = folder.appending("typo.csv")
    try Data("prompt,answr\nQ?,A\n".utf8).write(to: bad)
    let result = try await questions(["import", bad.path])
    #expect(result.status == 1)
    #expect(result.standardError.contains("unknown column \"answr\""))
    #expect(try snapshot(of: "store").isEmpty)
  }

  @Test func standardInputIsSniffedAndStandardOutputGetsOnlyData() async throws {
    let csv = "prompt,answer,tags\nWhat is an actor?,A reference type,actors\n"
    let imported = try await questions(["import", "-"], input: Data(csv.utf8))
    #expect(imported.status == 0, "\(imported.standardError)")
    #expect(imported.standardError.hasPrefix("Imported 1 question from <stdin>"))
    #expect(imported.standardOutput.isEmpty)

    let exported = try await questions(["export"])
    #expect(exported.status == 0)
    #expect(exported.standardError.isEmpty)
    await #expect(exported.standardOutput == (try questions(["--json", "list"])).standardOutput)

    let json = try await questions(
      ["import", "-"], store: "other", input: Data(exported.standardOutput.utf8))
    #expect(json.status == 0, "\(json.standardError)")
    await #expect(
      try questions(["export"], store: "other").standardOutput == exported.standardOutput)
  }

  @Test func exportReplacesAnOlderFileWholeAndLeavesNoTemporaryFile() async throws {
    try await #require(try questions(["sample"]).status == 0)
    let out = folder.appending("exports")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
    let file = out.appendingPathComponent("deck.csv")
    try Data("an older export\n".utf8).write(to: file)
    let result = try await questions(["--json", "export", file.path])
    #expect(result.status == 0)
    let report = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    let fields = try #require(report as? [String: Any])
    #expect(fields["format"] as? String == "csv")
    #expect(fields["exported"] as? Int == Question.sampleDeck.count)
    #expect(fields["file"] as? String == file.path)
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["deck.csv"])
    let exported = try Data(contentsOf: file)
    #expect(exported == Data(try QuestionCSV.encode(Question.sampleDeck)))
  }
}
