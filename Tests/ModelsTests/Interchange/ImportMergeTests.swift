// The duplicate rule: rows apply in file order, and a repeated id keeps the later row in place.

import Foundation
import Models
import Testing

@Suite struct ImportMergeTests {
  static let first = "3F2A1B4C-0000-4000-8000-000000000001"
  static let second = "3F2A1B4C-0000-4000-8000-000000000002"

  @Test func theLaterRowWinsAtThePositionOfTheFirst() throws {
    let text = """
      id,prompt,answer
      \(Self.first),old,a
      \(Self.second),other,a
      \(Self.first),new,a
      ,no id,a
      ,no id,a
      """
    let plan = try QuestionImport.plan(Data(text.utf8), format: .csv)
    #expect(plan.questions.map(\.prompt) == ["new", "other", "no id", "no id"])
    #expect(plan.questions[0].id.uuidString == Self.first)
    #expect(plan.merged == 1)
    #expect(plan.rowCount == 5)
    #expect(Set(plan.questions.map(\.id)).count == 4)
  }

  @Test func anInvalidRowDoesNotReplaceAnEarlierOne() throws {
    let text = "id,prompt,answer\n\(Self.first),kept,a\n\(Self.first),,a\n"
    let plan = try QuestionImport.plan(Data(text.utf8), format: .csv)
    #expect(plan.questions.map(\.prompt) == ["kept"])
    #expect(plan.merged == 0)
    #expect(plan.problems.map(\.line) == [3])
  }

  @Test func jsonMergesTheSameWay() throws {
    func item(_ id: String, _ prompt: String) -> String {
      #"{"answer":"a","createdAt":"2026-11-22T07:54:15Z","id":"\#(id)","prompt":"\#(prompt)","tags":[]}"#
    }
    let text = "[\(item(Self.first, "old")),\(item(Self.second, "b")),\(item(Self.first, "new"))]"
    let plan = try QuestionImport.plan(Data(text.utf8), format: .json)
    #expect(plan.questions.map(\.prompt) == ["new", "b"])
    #expect(plan.merged == 1)
  }
}
