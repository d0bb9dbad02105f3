// Full-screen details a new user met: the form says how to separate tags.

import FlowKit
import Foundation
import Models
import TerminalUI
import Testing
import ViewModels

@testable import App

@MainActor
@Suite struct FullScreenRoughEdgeTests {
  @Test func theTagsFieldSaysHowToSeparateTags() async throws {
    let (state, _) = await FullScreenFixtures.state(size: TerminalSize(columns: 80, rows: 24))
    await state.perform(.addQuestion)
    let text = GoldenFrame.text(of: FrameComposer.frame(for: state))
    #expect(text.contains("separate tags with commas"), "\(text)")
  }

  @Test func theFooterKeepsItsKeysWhileAFilterIsOn() async throws {
    let (state, _) = await FullScreenFixtures.state(size: TerminalSize(columns: 80, rows: 24))
    let footer = {
      GoldenFrame.text(of: FrameComposer.frame(for: state)).split(separator: "\n").dropLast().last
        ?? ""
    }
    let before = footer()
    await state.perform(.chooseTag)
    await state.perform(.moveDown)
    await state.perform(.applyTag)
    try #require(state.list.tag != nil)
    let after = footer()
    for key in ["a add", "/ search", "t tag", "s quiz", "v stats", "? help", "q quit"]
    where before.contains(key) {
      #expect(after.contains(key), "lost \(key): \(after)")
    }
    let title = GoldenFrame.text(of: FrameComposer.frame(for: state)).split(separator: "\n")[1]
    #expect(title.contains("Esc clears"), "\(title)")
  }

  @Test func leavingAQuizWithAnswersGivenAsksFirst() async throws {
    let (state, _) = await FullScreenFixtures.state(size: TerminalSize(columns: 80, rows: 24))
    await state.perform(.startQuiz)
    await state.perform(.revealAnswer)
    await state.perform(.knewIt)
    await state.perform(.goBack)
    #expect(state.page == .quiz)
    let text = GoldenFrame.text(of: FrameComposer.frame(for: state))
    #expect(text.contains("Press Esc again to leave"), "\(text)")
    await state.perform(.goBack)
    #expect(state.page == .list)
  }

  @Test func afterAResizeTheSelectionStaysVisibleAndTheListFillsTheWindow() async throws {
    let questions = (0..<40).map { Question(prompt: "Question \($0)?", answer: "A") }
    let (state, _) = await FullScreenFixtures.state(
      size: TerminalSize(columns: 80, rows: 24), questions: questions)
    await state.perform(.moveToLast)
    state.size = TerminalSize(columns: 80, rows: 10)
    #expect(state.selection >= state.scrollOffset)
    #expect(state.selection < state.scrollOffset + state.visibleRowCount)
    state.size = TerminalSize(columns: 80, rows: 50)
    #expect(state.scrollOffset == max(0, questions.count - state.visibleRowCount))
  }

  @Test func statisticsScrollWhenTheyDoNotFit() async throws {
    let day = 86_400.0
    let sessions = (0..<12).map { index in
      StudySession(
        startedAt: Fixtures.date.addingTimeInterval(-Double(index) * day),
        finishedAt: Fixtures.date.addingTimeInterval(-Double(index) * day + 60),
        answers: [StudyAnswer(questionID: UUID(), tags: ["tag\(index)"], knewIt: index % 2 == 0)])
    }
    let (state, _) = await FullScreenFixtures.state(
      size: TerminalSize(columns: 80, rows: 12), sessions: sessions)
    await state.perform(.showStatistics)
    let before = GoldenFrame.text(of: FrameComposer.frame(for: state))
    #expect(state.canPerform(.moveDown), "\(before)")
    for _ in 0..<10 { await state.perform(.pageDown) }
    let after = GoldenFrame.text(of: FrameComposer.frame(for: state))
    #expect(after != before)
    #expect(after.contains("tag9"), "\(after)")  // The end of the chart by tag.
    #expect(!after.contains("By day"), "\(after)")
  }

  @Test(arguments: [
    TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 110, rows: 24),
    TerminalSize(columns: 80, rows: 40),
  ])
  func helpKeepsEachSectionInOneColumn(size: TerminalSize) async throws {
    let (state, _) = await FullScreenFixtures.state(size: size)
    await state.perform(.showHelp)
    try #require(!HelpPage.needsScrolling(in: size))
    let rows = GoldenFrame.text(of: FrameComposer.frame(for: state)).split(separator: "\n")
      .dropFirst().dropLast().map { Array($0.dropFirst().dropLast()) }
    for (heading, page) in HelpPage.sections {
      let labels = KeyTable.bindings(for: page).map(\.label)
      var found = false
      for (row, cells) in rows.enumerated() {
        for column in stride(from: 1, to: cells.count, by: HelpPage.columnWidth) {
          let text = String(cells[column..<min(column + HelpPage.columnWidth - 1, cells.count)])
          guard text.trimmingCharacters(in: .whitespaces) == heading else { continue }
          found = true
          for (offset, label) in labels.enumerated() {
            let below = row + 1 + offset
            let line =
              below < rows.count
              ? String(
                rows[below][column..<min(column + HelpPage.columnWidth - 1, rows[below].count)])
              : ""
            #expect(
              line.hasPrefix("  " + label), "\(heading) at \(size): row \(below) is '\(line)'")
          }
        }
      }
      #expect(found, "no heading \(heading) at \(size)")
    }
  }
}
