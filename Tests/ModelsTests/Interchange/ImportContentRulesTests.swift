// Imported rows follow the content rules of `questions add` and the form: cleaned alike, refused alike.

import Foundation
import Models
import Testing

@Suite struct ImportContentRulesTests {
  static let longPrompt = String(repeating: "p", count: QuestionContent.maximumPromptLength + 1)
  static let longAnswer = String(repeating: "a", count: QuestionContent.maximumAnswerLength + 1)
  static let longTag = String(repeating: "t", count: QuestionContent.maximumTagLength + 1)

  /// One row as a file gives it: prompt, answer and tags before any cleaning.
  typealias Row = (prompt: String, answer: String, tags: [String])

  static let rows: [Row] = [
    ("  padded prompt ", "\t padded answer ", [" spaced ", "", "SPACED", "io"]),
    (longPrompt, "A", []),
    ("Q", longAnswer, []),
    ("Q", "A", ["ok", longTag]),
    ("   ", longAnswer, []),
    (String(repeating: "é", count: 1_000), "A", [String(repeating: "ß", count: 50)]),
  ]

  /// `rows` as a file of `format`, every row on its own line after the first.
  static func file(_ rows: [Row], as format: InterchangeFormat) -> Data {
    func quoted(_ text: String) -> String {
      "\"" + text.replacing("\"", with: "\"\"") + "\""
    }
    func json(_ text: String) -> String {
      let escaped = text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
        .replacing("\n", with: "\\n").replacing("\t", with: "\\t")
      return "\"" + escaped + "\""
    }
    switch format {
    case .csv:
      let lines = rows.map { row in
        [row.prompt, row.answer, row.tags.joined(separator: ";")].map(quoted)
          .joined(separator: ",")
      }
      return Data((["prompt,answer,tags"] + lines).map { $0 + "\n" }.joined().utf8)
    case .json:
      let elements = rows.enumerated().map { index, row in
        let id = String(format: "3F2A1B4C-0000-4000-8000-%012d", index + 1)
        return #"{"id":"\#(id)","prompt":\#(json(row.prompt)),"answer":\#(json(row.answer)),"#
          + #""tags":[\#(row.tags.map(json).joined(separator: ","))],"#
          + #""createdAt":"2026-11-22T07:54:15Z"}"#
      }
      return Data(("[\n" + elements.joined(separator: ",\n") + "\n]\n").utf8)
    }
  }

  @Test(arguments: [InterchangeFormat.csv, .json])
  func eachRowIsStoredOrRefusedAsAddWouldStoreOrRefuseIt(format: InterchangeFormat) throws {
    let plan = try QuestionImport.plan(Self.file(Self.rows, as: format), format: format)
    var stored: [Row] = []
    var refused: [ImportProblem] = []
    for (index, row) in Self.rows.enumerated() {
      do {
        let content = try QuestionContent(prompt: row.prompt, answer: row.answer, tags: row.tags)
        stored.append((content.prompt, content.answer, content.tags))
      } catch {
        refused.append(ImportProblem(line: index + 2, message: error.description))
      }
    }
    #expect(plan.problems == refused)
    #expect(plan.questions.map(\.prompt) == stored.map(\.prompt))
    #expect(plan.questions.map(\.answer) == stored.map(\.answer))
    #expect(plan.questions.map(\.tags) == stored.map(\.tags))
  }

  @Test(arguments: [InterchangeFormat.csv, .json])
  func aRowBreakingARuleGetsTheFormsSentence(format: InterchangeFormat) throws {
    let plan = try QuestionImport.plan(Self.file(Self.rows, as: format), format: format)
    #expect(
      plan.problems.map(\.message) == [
        "Shorten the prompt to 1000 characters or fewer; it has 1001.",
        "Shorten the answer to 4000 characters or fewer; it has 4001.",
        "Shorten the tag “tttttttttttttttttttt…” to 50 characters or fewer; it has 51.",
        "Enter a prompt. Shorten the answer to 4000 characters or fewer; it has 4001.",
      ])
    #expect(plan.problems.map(\.line) == [3, 4, 5, 6])
    let cleaned = try #require(plan.questions.first)
    #expect(cleaned.prompt == "padded prompt")
    #expect(cleaned.answer == "padded answer")
    #expect(cleaned.tags == ["spaced", "io"])
  }

  @Test func aMissingKeyIsReportedWithoutARuleForTheSameField() throws {
    let text =
      #"[{"id":"3F2A1B4C-0000-4000-8000-000000000001","answer":"  ","tags":[],"#
      + #""createdAt":"2026-11-22T07:54:15Z"}]"#
    let plan = try QuestionImport.plan(Data(text.utf8), format: .json)
    #expect(plan.problems.map(\.message) == [#"the key "prompt" is missing; Enter an answer."#])
  }
}
