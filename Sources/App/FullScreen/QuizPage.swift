// Draws the quiz: the prompt, the answer once revealed, and the score at the end.

import Models
import TerminalUI
import ViewModels

/// One question at a time from ``/ViewModels/QuizViewModel``, then the score.
enum QuizPage {
  /// Draws the quiz's current phase.
  static func draw(_ quiz: QuizViewModel, into frame: inout Frame) {
    let width = frame.columns - 4
    var row = 2
    func paragraph(_ text: String, style: CellStyle = .plain, maxLines: Int = 4) {
      for line in TextWrapper.lines(text, width: width, maxLines: maxLines)
      where row < frame.rows - 2 {
        frame.write(line, row: row, column: 2, style: style)
        row += 1
      }
      if frame.rows > 12 { row += 1 }
    }
    switch quiz.phase {
    case .notStarted:
      if quiz.errorMessage == nil { paragraph("Choosing questions…", style: .dim) }
    case .asking, .revealed:
      guard let question = quiz.current else { return }
      let heading = "Question \(quiz.position + 1) of \(quiz.total)"
      paragraph(heading + (quiz.tag.map { " · #" + $0 } ?? ""), style: .dim, maxLines: 1)
      paragraph(question.prompt, style: .bold)
      if quiz.phase == .revealed {
        paragraph(question.answer, style: CellStyle.plain.colored(.green))
        paragraph("Did you know it? y/n", style: .dim, maxLines: 1)
      } else {
        paragraph("Think of the answer, then press Space.", style: .dim, maxLines: 1)
      }
    case .finished:
      let share = quiz.total == 0 ? 0 : Double(quiz.knownCount) / Double(quiz.total)
      let percent = StatisticsChart.percent(share)
      paragraph("Quiz finished", style: .bold, maxLines: 1)
      paragraph("You knew \(quiz.knownCount) of \(quiz.total) (\(percent)).", maxLines: 2)
      if quiz.finishedSession != nil {
        paragraph("Saved to your statistics: press v on the list to see them.", style: .dim)
      }
    }
  }
}
