// The statistics view model over the in-memory fake: loading, clearing, and a refused clear.

import Foundation
import Models
import Observation
import Persistence
import TestSupport
import Testing
import ViewModels

/// A failure the fake repository is told to raise.
private struct ReadOnlyDisk: Error, CustomStringConvertible {
  var description: String { "the disk is read-only" }
}

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
    #expect(viewModel.errorMessage == nil)
  }

  @Test func clearingTheHistoryEmptiesTheStore() async {
    let repository = InMemoryRepository(sessions)
    let viewModel = StatisticsViewModel(sessions: repository, timeZone: utc)
    await viewModel.load()
    await viewModel.clearHistory()
    #expect(viewModel.statistics.sessionCount == 0)
    #expect(await repository.loadAll().isEmpty)
  }

  @Test func aRefusedClearKeepsTheStatisticsAndSaysWhy() async {
    let repository = InMemoryRepository(sessions)
    let viewModel = StatisticsViewModel(sessions: repository, timeZone: utc)
    await viewModel.load()
    await repository.failWrites(with: ReadOnlyDisk())
    await viewModel.clearHistory()
    #expect(viewModel.errorMessage == "the disk is read-only")
    #expect(viewModel.statistics.sessionCount == 2)
    #expect(await repository.loadAll() == sessions)
    await viewModel.load()
    #expect(viewModel.errorMessage == nil)
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
