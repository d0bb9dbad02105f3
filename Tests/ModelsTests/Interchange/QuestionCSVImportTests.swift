// Reading CSV files of questions: the header rules, every kind of bad row, and where it is.

import Foundation
import Models
import Testing

@Suite struct QuestionCSVImportTests {
  let now = Date(timeIntervalSince1970: 1_795_334_055)

  func plan(_ text: String) throws -> ImportPlan {
    try QuestionImport.plan(Data(text.utf8), format: .csv, now: now)
  }

  /// The reason a file is refused as a whole, or `nil` when it is read.
  func fileError(_ text: String) -> InterchangeError? {
    do {
      _ = try plan(text)
      return nil
    } catch {
      return error as? InterchangeError
    }
  }

  @Test func readsPromptAnswerAndTags() throws {
    let plan = try plan(
      "prompt,answer,tags\nWhat is an actor?,A reference type,actors; concurrency\n")
    #expect(plan.problems.isEmpty)
    #expect(plan.rowCount == 1)
    let question = try #require(plan.questions.first)
    #expect(question.prompt == "What is an actor?")
    #expect(question.answer == "A reference type")
    #expect(question.tags == ["actors", "concurrency"])
    #expect(question.createdAt == now)
  }

  @Test func columnsMatchByNameInAnyOrderAndCase() throws {
    let plan = try plan("Tags , ANSWER,Prompt\nx;y,the answer,the prompt\n")
    let question = try #require(plan.questions.first)
    #expect(question.prompt == "the prompt")
    #expect(question.answer == "the answer")
    #expect(question.tags == ["x", "y"])
  }

  @Test func tagsAreTrimmedWithoutBlanksOrRepeats() throws {
    let plan = try plan("prompt,answer,tags\np,a, Actors ;;actors; io ;\n")
    #expect(plan.questions.first?.tags == ["Actors", "io"])
  }

  @Test func idAndCreatedAtAreKeptWhenGiven() throws {
    let id = "3F2A1B4C-0000-4000-8000-000000000001"
    let plan = try plan(
      "id,prompt,answer,tags,createdAt\n\(id),p,a,,2026-11-22T07:54:15.250Z\n")
    let question = try #require(plan.questions.first)
    #expect(question.id.uuidString == id)
    #expect(question.tags.isEmpty)
    #expect(question.createdAt == Date(timeIntervalSince1970: 1_795_334_055.25))
  }

  @Test func undatedRowsGetDistinctIncreasingDatesEndingNow() throws {
    let plan = try plan("prompt,answer,createdAt\none,a,\ntwo,a,2020-01-01T00:00:00Z\nthree,a,\n")
    let dates = plan.questions.map(\.createdAt.timeIntervalSince1970)
    #expect(dates == [now.timeIntervalSince1970 - 0.001, 1_577_836_800, now.timeIntervalSince1970])
  }

  @Test func everyBadRowIsReportedWithTheLineItStartsOn() throws {
    let text = """
      prompt,answer,id,createdAt
      good,yes,,
      ,missing prompt,,
      missing answer,  ,,
      "multi
      line",ok,not-a-uuid,
      too,many,fields,,x
      bad date,a,,yesterday
      "never closed,a,,
      good,too,,
      """
    let plan = try plan(text + "\n")
    #expect(plan.questions.map(\.prompt) == ["good"])
    #expect(plan.rowCount == 7)
    #expect(plan.validRowCount == 1)
    #expect(plan.problems.map(\.line) == [3, 4, 5, 7, 8, 9])
    let messages = plan.problems.map(\.message)
    #expect(messages[0] == "Enter a prompt.")
    #expect(messages[1] == "Enter an answer.")
    #expect(messages[2] == "the id \"not-a-uuid\" is not a UUID")
    #expect(messages[3] == "expected 4 fields (prompt,answer,id,createdAt), found 5")
    #expect(messages[4].hasPrefix("the createdAt \"yesterday\" is not an ISO-8601 date"))
    #expect(messages[5].contains("never closed"))
  }

  @Test func aRowWithSeveralProblemsListsThemAll() throws {
    let plan = try plan("id,prompt,answer\nnope,,\n")
    #expect(
      plan.problems == [
        ImportProblem(
          line: 2,
          message: "the id \"nope\" is not a UUID; Enter a prompt. Enter an answer.")
      ])
  }

  @Test func unknownColumnsAreNamed() throws {
    let error = try #require(fileError("prompt,answr,tag\np,a,t\n"))
    guard case .malformedFile(let line, let reason) = error else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(line == 1)
    #expect(reason.contains("unknown columns \"answr\", \"tag\""))
  }

  @Test(arguments: [
    ("", "the file is empty"),
    ("\n\n", "the file is empty"),
    ("prompt,tags\np,t\n", "no answer column"),
    ("answer\na\n", "no prompt column"),
    ("prompt,answer,Prompt\np,a,p\n", "names the column prompt twice"),
    ("\"prompt,answer\n", "the header is not valid CSV"),
    ("prompt,answer,\np,a,\n", "column 3 of the header has no name"),
  ])
  func headerProblemsRefuseTheWholeFile(text: String, expected: String) throws {
    let error = try #require(fileError(text))
    #expect(error.description.contains(expected), "\(error)")
  }

  @Test func aFileWithOnlyAHeaderHasNoRows() throws {
    let plan = try plan("prompt,answer\n")
    #expect(plan.rowCount == 0)
    #expect(plan.questions.isEmpty)
  }

  @Test func progressIsReportedEveryIntervalAndAtTheEnd() throws {
    let rows = (0..<2_500).map { "q\($0),a\n" }.joined()
    var reports: [InterchangeProgress] = []
    _ = try QuestionImport.plan(Data(("prompt,answer\n" + rows).utf8), format: .csv) {
      reports.append($0)
    }
    #expect(reports.map(\.rows) == [1_000, 2_000, 2_500])
    #expect(reports.last?.fraction == 1)
    #expect(reports.map(\.fraction) == reports.map(\.fraction).sorted())
  }
}
