// `questions stats`: the study history by day and by tag, as bar charts or as JSON.

import Foundation
import Models
import Persistence
import ViewModels

extension CommandRunner {
  /// The JSON form of ``StudyStatistics``: totals, then one object per day and per tag.
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
      sessions: try openStudyHistory(in: directory), timeZone: timeZone)
    await viewModel.load()
    let statistics = viewModel.statistics
    if json {
      console.writeOutput(try JSONFormatter().encode(report(statistics, timeZone: timeZone)))
    } else if statistics.sessionCount == 0 {
      console.writeOutput(Self.emptyHistoryHint)
    } else {
      let width = OutputWidth.resolve(
        environment: context.environment,
        standardOutputIsTerminal: context.standardOutputIsTerminal)
      console.writeOutput(
        Self.statisticsText(statistics, timeZone: timeZone, width: width))
    }
  }

  /// The time zone whose days the history is grouped by: `TZ` when it names one, else the
  /// system's.
  var timeZone: TimeZone {
    context.environment["TZ"].flatMap { TimeZone(identifier: $0) } ?? .current
  }

  /// The text of `stats`: a summary, then a chart by day and one by tag, each line at most
  /// `width` characters.
  ///
  /// Below ``compactWidth`` columns the day chart leaves out the number of quizzes and the
  /// year, so that the numbers that matter are not cut.
  static func statisticsText(
    _ statistics: StudyStatistics, timeZone: TimeZone, width: Int
  ) -> String {
    let compact = width < compactWidth
    let quizzes = quizCount(statistics.sessionCount)
    let known =
      "\(statistics.known) of \(statistics.answered) known (\(percent(statistics.accuracy)))"
    let summary = "\(quizzes), \(known)"
    var lines = summary.count <= width ? [summary] : [quizzes, known]
    lines += ["", "By day:"]
    let dayCaptions = aligned(
      statistics.days.map { day in
        (compact ? [] : [quizCount(day.sessionCount)])
          + ["\(day.known)/\(day.answered)", percent(day.accuracy)]
      })
    lines += BarChart.lines(
      zip(statistics.days, dayCaptions).map { day, caption in
        let date = dayText(day.start, timeZone: timeZone)
        return BarChart.Bar(
          label: compact ? String(date.dropFirst(5)) : date, value: day.accuracy,
          caption: caption)
      }, width: width)
    if !statistics.tags.isEmpty {
      lines += ["", "By tag:"]
      let tagCaptions = aligned(
        statistics.tags.map { ["\($0.known)/\($0.answered)", percent($0.accuracy)] })
      lines += BarChart.lines(
        zip(statistics.tags, tagCaptions).map { tag, caption in
          BarChart.Bar(label: tag.tag, value: tag.accuracy, caption: caption)
        }, width: width)
    }
    return lines.map { BarChart.clipped($0, to: width) + "\n" }.joined()
  }

  private func report(_ statistics: StudyStatistics, timeZone: TimeZone) -> StatisticsReport {
    StatisticsReport(
      timeZone: timeZone.identifier, sessionCount: statistics.sessionCount,
      answered: statistics.answered, known: statistics.known, accuracy: statistics.accuracy,
      days: statistics.days.map { day in
        .init(
          date: Self.dayText(day.start, timeZone: timeZone), sessionCount: day.sessionCount,
          answered: day.answered, known: day.known, accuracy: day.accuracy)
      },
      tags: statistics.tags.map { tag in
        .init(tag: tag.tag, answered: tag.answered, known: tag.known, accuracy: tag.accuracy)
      })
  }

  /// The width below which `stats` shortens its day chart.
  static let compactWidth = 50

  /// `1 quiz`, `2 quizzes`.
  private static func quizCount(_ count: Int) -> String {
    count == 1 ? "1 quiz" : "\(count) quizzes"
  }

  /// `2026-11-22`: the calendar day of `date` in `timeZone`.
  private static func dayText(_ date: Date, timeZone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    let (year, month, day) = (parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    return "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
  }

  /// Each row's fields right-aligned in columns and joined by two spaces, so the captions of
  /// one chart line up.
  private static func aligned(_ rows: [[String]]) -> [String] {
    let widths = rows.reduce(into: [Int]()) { widths, row in
      for (index, field) in row.enumerated() {
        if index == widths.count { widths.append(0) }
        widths[index] = max(widths[index], field.count)
      }
    }
    return rows.map { row in
      row.enumerated().map { index, field in
        String(repeating: " ", count: widths[index] - field.count) + field
      }.joined(separator: "  ")
    }
  }
}
