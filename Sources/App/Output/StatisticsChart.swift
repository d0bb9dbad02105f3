// The study statistics as text: a summary, then bar charts by day and by tag.

import Foundation
import Models

/// Lays out ``/Models/StudyStatistics`` as lines of text, for `questions stats` and the statistics page.
nonisolated enum StatisticsChart {
  /// The text of `stats` and of the statistics page: a summary, then a chart by day and one by tag, each line at most
  /// `width` characters.
  ///
  /// Below ``compactWidth`` columns the day chart leaves out the number of quizzes and the
  /// year, so that the numbers that matter are not cut.
  static func text(
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

  /// `0.75` as `75%`, rounded to a whole percent.
  static func percent(_ share: Double) -> String {
    "\(Int((share * 100).rounded()))%"
  }

  /// The width below which `stats` shortens its day chart.
  static let compactWidth = 50

  /// `1 quiz`, `2 quizzes`.
  private static func quizCount(_ count: Int) -> String {
    count == 1 ? "1 quiz" : "\(count) quizzes"
  }

  /// `2026-11-22`: the calendar day of `date` in `timeZone`.
  static func dayText(_ date: Date, timeZone: TimeZone) -> String {
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
