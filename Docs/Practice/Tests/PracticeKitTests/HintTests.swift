// Checks that the hints lead to a fix without handing it over: no hint quotes its solution.

import Foundation
import Testing

@testable import PracticeKit

@Suite struct HintTests {
  /// The package folder, found from this file's path.
  let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// A hint gives a concept, then a direction; the code is the learner's to write. So no
  /// piece of code a hint quotes (between backticks) is in the solution, nor is any line of
  /// the solution's code in a hint, quoted or not.
  @Test(arguments: Exercise.all)
  func noHintQuotesTheSolution(exercise: Exercise) throws {
    let solution = try String(
      contentsOf: folder.appendingPathComponent(exercise.solutionPath), encoding: .utf8)
    let codeLines = solution.split(separator: "\n")
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0.count >= 12 && !$0.hasPrefix("//") }
    for (number, hint) in zip(1..., exercise.hints) {
      let quoted = hint.split(separator: "`", omittingEmptySubsequences: false)
        .enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
      for code in quoted {
        #expect(
          !solution.contains(code),
          "hint \(number) of exercise \(exercise.number) quotes the solution: `\(code)`")
      }
      for line in codeLines {
        #expect(
          !hint.contains(line),
          "hint \(number) of exercise \(exercise.number) holds a line of the solution: \(line)")
      }
    }
  }
}
