// The statistics view model over the in-memory fake: loading, in one observed change.

import Foundation
import LocalStore
import LocalStoreTestSupport
import Models
import Observation
import Testing
import ViewModels

@MainActor @Suite struct StatisticsViewModelTests {
  private let utc = TimeZone(secondsFromGMT: 0) ?? .current

  private let sessions = [
    StudySession(
      startedAt: Date(timeIntervalSince1970: 1_795_334_000),
      finishedAt: Date(timeIntervalSince1970: 1_795_334_055),
      answers: [
        StudyAnswer(questionID: UUID(), tags: ["actors"], knewIt: true),
        StudyAnswer(questionID: UUID(), tags: ["io"], knewIt: false),
      ]),
    StudySession(
      startedAt: Date(timeIntervalSince1970: 1_795_420_000),
      finishedAt: Date(timeIntervalSince1970: 1_795_420_455), tag: "actors",
      answers: [StudyAnswer(questionID: UUID(), tags: ["Actors"], knewIt: true)]),
  ]

  @Test func loadAddsUpTheHistory() async {
    let viewModel = StatisticsViewModel(sessions: InMemoryRepository(sessions), timeZone: utc)
    #expect(viewModel.statistics == StudyStatistics(sessions: [], timeZone: utc))
    await viewModel.load()
    #expect(viewModel.statistics == StudyStatistics(sessions: sessions, timeZone: utc))
    #expect(viewModel.statistics.days.count == 2)
    #expect(viewModel.statistics.tags.map(\.tag) == ["actors", "io"])
  }

  @available(macOS 26, iOS 26, *)
  @Test func loadIsOneObservedChange() async {
    let viewModel = StatisticsViewModel(sessions: InMemoryRepository(sessions), timeZone: utc)
    let recorder = ObservationRecorder(
      Observations { (viewModel.statistics.sessionCount, viewModel.statistics.answered) })
    await recorder.waitForCount(1)
    await viewModel.load()
    await recorder.waitForCount(2)
    await recorder.settle()
    #expect(recorder.values.map { "\($0.0)/\($0.1)" } == ["0/0", "2/3"])
  }
}
