// `questions stats` in process: the empty hint, charts that fit the width, and the JSON form.

import Foundation
import Models
import Testing

@testable import App

@MainActor
@Suite struct StatsCommandTests {
  /// Two sessions on 2026-11-22 (UTC) and one on the 23rd.
  private let sessions = [
    StudySession(
      startedAt: Date(timeIntervalSince1970: 1_795_334_000),
      finishedAt: Date(timeIntervalSince1970: 1_795_334_055),
      answers: [
        StudyAnswer(questionID: Fixtures.actor.id, tags: ["concurrency", "actors"], knewIt: true),
        StudyAnswer(questionID: Fixtures.optional.id, knewIt: false),
      ]),
    StudySession(
      startedAt: Date(timeIntervalSince1970: 1_795_340_000),
      finishedAt: Date(timeIntervalSince1970: 1_795_340_055), tag: "concurrency",
      answers: [
        StudyAnswer(questionID: Fixtures.sendable.id, tags: ["Concurrency"], knewIt: true)
      ]),
    StudySession(
      startedAt: Date(timeIntervalSince1970: 1_795_420_000),
      finishedAt: Date(timeIntervalSince1970: 1_795_420_055),
      answers: [
        StudyAnswer(
          questionID: Fixtures.actor.id, tags: ["concurrency", "actors"], knewIt: false)
      ]),
  ]

  private func harness(columns: String? = nil) -> RunnerHarness {
    let harness = RunnerHarness(sessions: sessions)
    harness.environment["TZ"] = "UTC"
    harness.environment["COLUMNS"] = columns
    return harness
  }

  @Test func anEmptyHistoryShowsHowToStartAQuiz() async throws {
    let result = await RunnerHarness().run(["stats"])
    #expect(result.status == 0)
    #expect(result.errors == "No quizzes yet. Start one with:\n  questions quiz\n")
    let json = await RunnerHarness().run(["stats", "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    #expect(object["sessionCount"] as? Int == 0)
    #expect((object["days"] as? [Any])?.isEmpty == true)
  }

  @Test func theTextShowsDaysAndTags() async {
    let result = await harness(columns: "60").run(["stats"])
    #expect(result.status == 0)
    #expect(result.errors.isEmpty)
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "3 quizzes, 2 of 4 known (50%)")
    #expect(lines.contains { $0.hasPrefix("2026-11-22 ") && $0.hasSuffix("2 quizzes  2/3  67%") })
    #expect(lines.contains { $0.hasPrefix("2026-11-23 ") && $0.hasSuffix(" 1 quiz  0/1   0%") })
    #expect(lines.contains { $0.hasPrefix("concurrency ") && $0.hasSuffix("2/3  67%") })
    #expect(lines.contains { $0.hasPrefix("actors ") && $0.hasSuffix("1/2  50%") })
  }

  @Test(arguments: [nil, "20", "40", "80", "132", "not a number"])
  func everyLineFitsTheWidthAndChartsFillIt(columns: String?) async {
    let width = columns.flatMap { Int($0) } ?? 80
    let result = await harness(columns: columns).run(["stats"])
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.allSatisfy { $0.count <= width }, "\(lines)")
    let chartLines = lines.filter { $0.contains("%") && !$0.contains("known") }
    #expect(chartLines.count == 4)  // Two days, two tags.
    #expect(chartLines.allSatisfy { $0.count == width }, "\(chartLines)")
    #expect(!result.output.contains("%…"))  // No number is cut, even at 20 columns.
  }

  @Test func jsonHasTotalsDaysAndTags() async throws {
    let result = await harness().run(["--json", "stats"])
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    #expect(
      Set(object.keys) == [
        "timeZone", "sessionCount", "answered", "known", "accuracy", "days", "tags",
      ])
    #expect(object["sessionCount"] as? Int == 3)
    #expect(object["answered"] as? Int == 4)
    #expect(object["accuracy"] as? Double == 0.5)
    let days = try #require(object["days"] as? [[String: Any]])
    #expect(days.map { $0["date"] as? String } == ["2026-11-22", "2026-11-23"])
    #expect(days.map { $0["sessionCount"] as? Int } == [2, 1])
    let tags = try #require(object["tags"] as? [[String: Any]])
    #expect(tags.map { $0["tag"] as? String } == ["concurrency", "actors"])
    #expect(tags.map { $0["known"] as? Int } == [2, 1])
  }

  @Test func theTimeZoneDecidesTheDays() async throws {
    let harness = harness()
    harness.environment["TZ"] = "America/Los_Angeles"
    let result = await harness.run(["--json", "stats"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let days = try #require(object["days"] as? [[String: Any]])
    // 07:54 UTC on the 22nd is still the 21st in Los Angeles; 09:34 is the 22nd, like
    // 07:47 UTC on the 23rd.
    #expect(days.map { $0["date"] as? String } == ["2026-11-21", "2026-11-22"])
    #expect(days.map { $0["sessionCount"] as? Int } == [1, 2])
  }

  @Test(arguments: [
    (["COLUMNS": "100"], false, Optional(40), 100),
    (["COLUMNS": "0"], false, nil, 80),
    (["COLUMNS": "wide"], true, 132, 132),
    ([:], true, 132, 132),
    ([:], true, nil, 80),
    ([:], false, 132, 80),
  ])
  func outputWidthPrefersColumnsThenTheTerminal(
    environment: [String: String], isTerminal: Bool, terminal: Int?, expected: Int
  ) {
    let width = OutputWidth.resolve(
      environment: environment, standardOutputIsTerminal: isTerminal,
      terminalColumns: { terminal })
    #expect(width == expected)
  }
}
