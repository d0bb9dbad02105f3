// `questions stats`: the study history by day and by tag, as bar charts or as JSON.

import CommandLineKit
import Foundation
import LocalStore
import Models
import ViewModels

extension CommandRunner {
  /// The JSON form of ``/Models/StudyStatistics``: totals, then one object per day and per tag.
  ///
  /// `date` is the calendar day as `YYYY-MM-DD` in `timeZone`; `accuracy` is from 0 to 1.
  struct StatisticsReport: Encodable {
    struct Day: Encodable {
      var date: String
      var sessionCount, answered, known: Int
      var accuracy: Double
    }

    struct Tag: Encodable {
      var tag: String
      var answered, known: Int
      var accuracy: Double
    }

    var timeZone: String
    var sessionCount, answered, known: Int
    var accuracy: Double
    var days: [Day]
    var tags: [Tag]
  }

  /// What `stats` prints when there is no history yet.
  static let emptyHistoryHint = """
    No quizzes yet. Start one with:
      questions quiz

    """

  /// Loads the study history and prints its statistics, fitted to the output's width.
  func showStatistics(in directory: URL, json: Bool) async throws(AppError) {
    let timeZone = self.timeZone
    let viewModel = StatisticsViewModel(
      sessions: try await openStudyHistory(in: directory, readOnly: true), timeZone: timeZone)
    await viewModel.load()
    let statistics = viewModel.statistics
    if json {
      console.writeOutput(try JSONFormatter().encode(report(statistics, timeZone: timeZone)))
    } else if statistics.sessionCount == 0 {
      console.writeError(Self.emptyHistoryHint)
    } else {
      let width = OutputWidth.resolve(
        environment: context.environment,
        standardOutputIsTerminal: context.standardOutputIsTerminal)
      let chart = StatisticsChart.text(statistics, timeZone: timeZone, width: width)
      // Tags come from the file: the console shows them, never lets them act.
      console.writeOutput(chart)
    }
  }

  /// The time zone whose days the history is grouped by: `TZ` when it names one, else the
  /// system's.
  var timeZone: TimeZone {
    context.environment["TZ"].flatMap { TimeZone(identifier: $0) } ?? .current
  }

  private func report(_ statistics: StudyStatistics, timeZone: TimeZone) -> StatisticsReport {
    StatisticsReport(
      timeZone: timeZone.identifier, sessionCount: statistics.sessionCount,
      answered: statistics.answered, known: statistics.known, accuracy: statistics.accuracy,
      days: statistics.days.map { day in
        .init(
          date: StatisticsChart.dayText(day.start, timeZone: timeZone),
          sessionCount: day.sessionCount,
          answered: day.answered, known: day.known, accuracy: day.accuracy)
      },
      tags: statistics.tags.map { tag in
        .init(tag: tag.tag, answered: tag.answered, known: tag.known, accuracy: tag.accuracy)
      })
  }
}
