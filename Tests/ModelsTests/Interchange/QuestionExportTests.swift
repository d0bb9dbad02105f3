// Writing questions as JSON and CSV: the exact bytes, the rules CSV cannot bend, round trips.

import Foundation
import Models
import Testing

@Suite struct QuestionExportTests {
  static func questions(_ count: Int) -> [Question] {
    (0..<count).map { index in
      Question(
        prompt: "Prompt \(index), with \"quotes\"\nand a line break", answer: "Answer \(index)",
        tags: index.isMultiple(of: 3) ? [] : ["tag\(index % 7)", "shared"],
        createdAt: Date(timeIntervalSince1970: 1_795_334_055 + Double(index) / 1000))
    }
  }

  @Test(arguments: [0, 1, 999, 1_000, 2_345])
  func jsonIsWhatOneEncodingOfTheArrayGives(count: Int) throws {
    let questions = Self.questions(count)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let whole = count == 0 ? Array("[]\n".utf8) : Array(try encoder.encode(questions)) + [10]
    #expect(try QuestionJSON.encode(questions) == whole)
  }

  @Test func csvStartsWithTheFullHeader() throws {
    let question = Question(
      id: UUID(uuid: (0x3F, 0x2A, 0x1B, 0x4C, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1)),
      prompt: "What is \"Sendable\"?", answer: "Safe, to share", tags: ["a", "b"],
      createdAt: Date(timeIntervalSince1970: 1_795_334_055.25))
    let text = String(decoding: try QuestionCSV.encode([question]), as: UTF8.self)
    #expect(
      text == """
        id,prompt,answer,tags,createdAt
        3F2A1B4C-0000-4000-8000-000000000001,"What is ""Sendable""?","Safe, to share",a;b,\
        2026-11-22T07:54:15.250Z

        """)
  }

  @Test(arguments: [Format.csv, .json])
  func exportThenImportGivesTheSameQuestions(format: Format) throws {
    let questions = Self.questions(2_500)
    let bytes =
      format == .csv ? try QuestionCSV.encode(questions) : try QuestionJSON.encode(questions)
    let plan = try QuestionImport.plan(Data(bytes), format: format.interchange)
    #expect(plan.problems.isEmpty)
    #expect(plan.merged == 0)
    #expect(plan.questions == questions)
  }

  /// The formats, as a type that can label test cases.
  enum Format: CustomStringConvertible {
    case csv, json
    var interchange: InterchangeFormat { self == .csv ? .csv : .json }
    var description: String { self == .csv ? "csv" : "json" }
  }

  @Test func aTagHoldingTheSeparatorCannotBeWrittenAsCSV() {
    let question = Question(prompt: "p", answer: "a", tags: ["fine", "a;b"])
    #expect(
      throws: InterchangeError.unrepresentable(
        id: question.id.uuidString,
        reason: "has the tag \"a;b\", which CSV cannot hold because \";\" separates tags")
    ) {
      try QuestionCSV.encode([question])
    }
  }

  @Test(arguments: [[" padded"], ["", "x"], ["Same", "same"]])
  func tagsAnImportWouldCleanCannotBeWrittenAsCSV(tags: [String]) {
    let question = Question(prompt: "p", answer: "a", tags: tags)
    #expect(throws: InterchangeError.self) {
      try QuestionCSV.encode([question])
    }
  }

  @Test func exportReportsProgress() throws {
    var rows: [Int] = []
    _ = try QuestionCSV.encode(Self.questions(2_001)) { rows.append($0.rows) }
    #expect(rows == [1_000, 2_000, 2_001])
    rows = []
    _ = try QuestionJSON.encode(Self.questions(2_001)) { rows.append($0.rows) }
    #expect(rows == [1_000, 2_000, 2_001])
  }
}
