// Adds up study sessions by calendar day and by tag, in several time zones.

import Foundation
import Models
import Testing

@Suite struct StudyStatisticsTests {
  /// 2026-11-22T23:30:00Z.
  private let lateOnThe22nd = Date(timeIntervalSince1970: 1_795_390_200)

  private func zone(_ identifier: String) throws -> TimeZone {
    try #require(TimeZone(identifier: identifier))
  }

  /// A session finished at `finishedAt` with one answer per entry of `answers`.
  private func session(
    _ finishedAt: Date, _ answers: [(tags: [String], knewIt: Bool)]
  ) -> StudySession {
    StudySession(
      startedAt: finishedAt.addingTimeInterval(-60), finishedAt: finishedAt,
      answers: answers.map { StudyAnswer(questionID: UUID(), tags: $0.tags, knewIt: $0.knewIt) })
  }

  @Test func noSessionsIsAllZero() throws {
    let statistics = StudyStatistics(sessions: [], timeZone: try zone("UTC"))
    #expect(statistics.days.isEmpty)
    #expect(statistics.tags.isEmpty)
    #expect(statistics.sessionCount == 0)
    #expect(statistics.answered == 0)
    #expect(statistics.accuracy == 0)
  }

  @Test(arguments: [
    ("UTC", [1, 1], ["2026-11-22T00:00:00Z", "2026-11-23T00:00:00Z"]),
    ("America/New_York", [2], ["2026-11-22T05:00:00Z"]),
    ("Asia/Tokyo", [2], ["2026-11-22T15:00:00Z"]),
  ])
  func daysAreCalendarDaysOfTheTimeZone(
    identifier: String, sessionCounts: [Int], starts: [String]
  ) throws {
    // 23:30 UTC and 00:30 UTC the next day: two days in UTC, the same evening in New York,
    // the same morning in Tokyo.
    let sessions = [
      session(lateOnThe22nd.addingTimeInterval(3_600), [([], true)]),
      session(lateOnThe22nd, [([], false), ([], true)]),
    ]
    let statistics = StudyStatistics(sessions: sessions, timeZone: try zone(identifier))
    #expect(statistics.days.map(\.sessionCount) == sessionCounts)
    #expect(statistics.days.map { $0.start.formatted(.iso8601) } == starts)
    #expect(statistics.days.map(\.answered).reduce(0, +) == 3)
    #expect(statistics.days.map(\.known).reduce(0, +) == 2)
  }

  @Test func daysAreOldestFirstWithTheirOwnAccuracy() throws {
    let sessions = [
      session(lateOnThe22nd, [([], true), ([], true), ([], false), ([], true)]),
      session(lateOnThe22nd.addingTimeInterval(-86_400), [([], false)]),
    ]
    let statistics = StudyStatistics(sessions: sessions, timeZone: try zone("UTC"))
    #expect(statistics.days.map(\.accuracy) == [0, 0.75])
    #expect(statistics.sessionCount == 2)
    #expect(statistics.answered == 5)
    #expect(statistics.known == 3)
    #expect(statistics.accuracy == 0.6)
  }

  @Test func tagsIgnoreCaseAndKeepTheFirstSpelling() throws {
    let sessions = [
      session(lateOnThe22nd, [(["actors"], false), (["Swift", "ACTORS"], true)]),
      session(lateOnThe22nd.addingTimeInterval(-60), [(["Actors", "actors"], true)]),
    ]
    let statistics = StudyStatistics(sessions: sessions, timeZone: try zone("UTC"))
    let actors = try #require(statistics.tags.first)
    #expect(actors.tag == "Actors")  // From the older session.
    #expect(actors.answered == 3)  // A tag twice in one answer counts once.
    #expect(actors.known == 2)
    #expect(statistics.tags.map(\.tag) == ["Actors", "Swift"])
  }

  @Test func tagsAreMostAnsweredFirstThenByName() throws {
    let sessions = [
      session(
        lateOnThe22nd,
        [
          (["io"], true), (["beta"], false), (["Alpha"], true), (["io"], false),
          ([], true), ([], true),
        ])
    ]
    let statistics = StudyStatistics(sessions: sessions, timeZone: try zone("UTC"))
    #expect(statistics.tags.map(\.tag) == ["io", "Alpha", "beta"])
    #expect(statistics.tags.map(\.accuracy) == [0.5, 1, 0])
    // Untagged answers count in the totals but under no tag.
    #expect(statistics.answered == 6)
    #expect(statistics.tags.map(\.answered).reduce(0, +) == 4)
  }
}
