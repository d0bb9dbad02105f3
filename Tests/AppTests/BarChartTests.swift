// Bar charts as text: every line exactly as wide as asked, bars in eighths, labels cut with "…".

import TerminalUI
import Testing

@testable import App

@Suite struct BarChartTests {
  private let bars = [
    BarChart.Bar(label: "2026-11-22", value: 0.7, caption: "1 quiz   7/10   70%"),
    BarChart.Bar(label: "concurrency-and-actors", value: 1, caption: "2 quizzes  20/20  100%"),
    BarChart.Bar(label: "io", value: 0, caption: "0/3    0%"),
    BarChart.Bar(label: "", value: 0.001, caption: ""),
  ]

  @Test(arguments: [20, 40, 80, 1, 2, 5, 9, 13, 200])
  func everyLineIsExactlyTheWidth(width: Int) {
    let lines = BarChart.lines(bars, width: width)
    #expect(lines.count == bars.count)
    for line in lines {
      #expect(line.count == width, "\(line)")
    }
  }

  @Test(arguments: [20, 40, 80, 9])
  func wideCharactersCountTwoColumns(width: Int) {
    let wide = [
      BarChart.Bar(label: "日本語のタグ", value: 0.5, caption: "1/2  50%"),
      BarChart.Bar(label: "io", value: 1, caption: "2/2 100%"),
    ]
    for line in BarChart.lines(wide, width: width) {
      #expect(DisplayWidth.of(line) == width, "\(line)")
    }
  }

  @Test(arguments: [40, 80])
  func captionsStayWholeAndRightAligned(width: Int) {
    let lines = BarChart.lines(bars, width: width)
    #expect(lines[0].hasSuffix("   1 quiz   7/10   70%"))
    #expect(lines[1].hasSuffix("2 quizzes  20/20  100%"))
    #expect(lines[2].hasSuffix("0/3    0%"))
  }

  @Test func aWideChartShowsWholeLabelsAndProportionalBars() {
    let lines = BarChart.lines(bars, width: 80)
    // Label column 22, caption column 22, two spaces: the bar has 34 cells.
    #expect(lines[1].hasPrefix("concurrency-and-actors " + String(repeating: "█", count: 34) + " "))
    #expect(lines[0].hasPrefix("2026-11-22" + String(repeating: " ", count: 13)))
    #expect(lines[0].filter { $0 == "█" }.count == 23)  // 0.7 × 34 = 23.8: 23 cells and
    #expect(lines[0].contains("█▊"))  // six eighths of the next.
    #expect(!lines[2].contains("█"))
    #expect(lines[3].contains("▏"))  // Above zero always shows.
  }

  @Test func aNarrowChartCutsLabelsBeforeCaptionsAndBarsLast() {
    // 40 columns: the caption column keeps its 22, the bar at least a fifth, the label 8.
    let lines = BarChart.lines(bars, width: 40)
    #expect(lines[1] == "concurr… ████████ 2 quizzes  20/20  100%")
    #expect(lines[0].hasPrefix("2026-11… █████▋   "))
    // 20 columns: a label of 4, no room for a bar, the caption cut.
    let tiny = BarChart.lines(bars, width: 20)
    #expect(tiny[1] == "con… 2 quizzes  20/…")
  }

  @Test func noBarsIsNoLines() {
    #expect(BarChart.lines([], width: 80).isEmpty)
    #expect(BarChart.lines(bars, width: 0) == ["", "", "", ""])
  }

  @Test(arguments: [
    (0.0, 4, "    "), (1.0, 4, "████"), (0.5, 4, "██  "), (0.5625, 2, "█▏"), (0.25, 1, "▎"),
    (2.0, 3, "███"), (-1.0, 3, "   "), (Double.nan, 2, "  "),
  ])
  func cellsAreDrawnInEighths(value: Double, width: Int, expected: String) {
    #expect(BarChart.cells(value, width: width) == expected)
  }

  @Test(arguments: [("actors", 10, "actors"), ("actors", 6, "actors"), ("actors", 4, "act…")])
  func clippedCutsWithAnEllipsis(text: String, width: Int, expected: String) {
    #expect(BarChart.clipped(text, to: width) == expected)
    #expect(BarChart.clipped(text, to: 1) == "…")
  }
}
