// Reading JSON files of questions: arrays and store files, bad elements with their lines.

import Foundation
import Models
import Testing

@Suite struct QuestionJSONImportTests {
  static let id1 = "3F2A1B4C-0000-4000-8000-000000000001"
  static let id2 = "3F2A1B4C-0000-4000-8000-000000000002"

  func plan(_ text: String) throws(InterchangeError) -> ImportPlan {
    try QuestionImport.plan(Data(text.utf8), format: .json)
  }

  func item(_ id: String, _ prompt: String, date: String = "2026-11-22T07:54:15Z") -> String {
    #"{"answer":"a","createdAt":"\#(date)","id":"\#(id)","prompt":"\#(prompt)","tags":["t"]}"#
  }

  @Test func readsWhatListJSONPrints() throws {
    let question = Question(
      prompt: "What is \"Sendable\"?", answer: "Safe,\nto share", tags: ["concurrency"],
      createdAt: Date(timeIntervalSince1970: 1_795_334_055.25))
    let bytes = try QuestionJSON.encode([question])
    let plan = try QuestionImport.plan(Data(bytes), format: .json)
    #expect(plan.problems.isEmpty)
    #expect(plan.questions == [question])
  }

  @Test func readsAStoreFileEnvelope() throws {
    let text = """
      {"version":1,"checksum":"crc32c:00000000","items":[
      \(item(Self.id1, "one")),
      \(item(Self.id2, "two"))
      ],"sequence":3}
      """
    let plan = try plan(text)
    #expect(plan.problems.isEmpty)
    #expect(plan.questions.map(\.prompt) == ["one", "two"])
  }

  @Test func aStoreFileOfAnotherVersionIsRefused() throws {
    #expect(throws: InterchangeError.self) {
      try plan(#"{"version":2,"items":[]}"#)
    }
  }

  @Test func badElementsAreReportedWithTheLineTheyStartOn() throws {
    let text = """
      [
        \(item(Self.id1, "good")),
        {
          "prompt": "no answer",
          "id": "\(Self.id2)", "tags": [], "createdAt": "2026-11-22T07:54:15Z"
        },
        \(item("not-a-uuid", "bad id")),
        \(item(Self.id2, "bad date", date: "yesterday")),
        {"answer":"a","answr":"b","createdAt":"2026-11-22T07:54:15Z","id":"\(Self.id2)",
         "prompt":"typo","tags":[]},
        "a string",
        {"answer":"  ","createdAt":"2026-11-22T07:54:15Z","id":"\(Self.id2)","prompt":"x","tags":"t"}
      ]
      """
    let plan = try plan(text)
    #expect(plan.questions.map(\.prompt) == ["good"])
    #expect(plan.problems.map(\.line) == [3, 7, 8, 9, 11, 12])
    let messages = plan.problems.map(\.message)
    #expect(messages[0] == "the key \"answer\" is missing")
    #expect(messages[1] == "the id \"not-a-uuid\" is not a UUID")
    #expect(messages[2].hasPrefix("the createdAt \"yesterday\" is not an ISO-8601 date"))
    #expect(messages[3].hasPrefix("unknown key \"answr\""))
    #expect(messages[4].hasPrefix("expected a question"))
    #expect(messages[5] == "\"tags\" is not an array of strings; Enter an answer.")
  }

  @Test func bracketsAndLineBreaksInsideStringsDoNotMoveTheLines() throws {
    let text =
      "[\n" + item(Self.id1, #"[{\"quoted\", \\n ]}"#) + ",\n\n"
      + item("bad", "x") + "\n]"
    let plan = try plan(text)
    #expect(plan.problems.map(\.line) == [4])
  }

  @Test func aSyntaxErrorNamesItsLine() throws {
    let text = "[\n" + item(Self.id1, "one") + ",\n" + item(Self.id2, "two") + "\n{oops}\n]"
    do {
      _ = try plan(text)
      Issue.record("a file that is not JSON was read")
    } catch {
      guard case .malformedFile(let line, let reason) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(line == 4)
      #expect(reason.hasPrefix("not valid JSON"))
    }
  }

  @Test(arguments: ["", "   \n", "42", #"{"items":[]}"#, #"{"version":1}"#])
  func filesThatAreNotQuestionsAreRefused(text: String) {
    #expect(throws: InterchangeError.self) {
      try plan(text)
    }
  }

  @Test func progressCountsElements() throws {
    let items = (0..<2_100).map { _ in item(UUID().uuidString, "p") }
    var reports: [InterchangeProgress] = []
    let data = Data(("[" + items.joined(separator: ",\n") + "]").utf8)
    let plan = try QuestionImport.plan(data, format: .json) { reports.append($0) }
    #expect(plan.questions.count == 2_100)
    #expect(reports.map(\.rows) == [1_000, 2_000, 2_100])
    #expect(reports.last?.fraction == 1)
  }
}
