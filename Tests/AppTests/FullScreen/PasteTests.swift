// A paste into the form or the search field costs time in proportion to its length.

import Foundation
import Models
import TerminalUI
import Testing
import ViewModels

@testable import App

@MainActor
@Suite(.timeLimit(.minutes(1))) struct PasteTests {
  /// Types `count` characters one key at a time, as a paste arrives, drawing a frame every
  /// `frameEvery` keys as the run loop may; returns the seconds it took.
  func paste(
    _ count: Int, into state: FullScreenState, frameEvery: Int = 50
  ) async -> Double {
    let start = ContinuousClock.now
    for index in 0..<count {
      await state.perform(.type(index % 7 == 6 ? " " : "x"))
      if index % frameEvery == 0 { _ = FrameComposer.frame(for: state) }
    }
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  @Test func aLongPasteIsCappedAtTheFieldsLimitAndStaysLinear() async throws {
    let (state, _) = await FullScreenFixtures.state(size: TerminalSize(columns: 80, rows: 24))
    await state.perform(.addQuestion)
    await state.perform(.nextField)  // The answer.
    let small = await paste(2_000, into: state)
    let editor = try #require(state.editor)
    editor.answer = ""
    state.focus(.answer)
    let large = await paste(40_000, into: state)
    #expect(editor.answer.count == QuestionContent.maximumAnswerLength)
    // Twenty times the keys may take about twenty times as long, never four hundred.
    #expect(large < max(small, 0.05) * 60, "2,000 keys: \(small) s; 40,000 keys: \(large) s")
  }

  @Test func eachFieldStopsAtItsLimit() async throws {
    let (state, _) = await FullScreenFixtures.state(size: TerminalSize(columns: 40, rows: 10))
    await state.perform(.addQuestion)
    _ = await paste(QuestionContent.maximumPromptLength + 10, into: state)
    let editor = try #require(state.editor)
    #expect(editor.prompt.count == QuestionContent.maximumPromptLength)
    await state.perform(.type("z"))
    #expect(editor.prompt.count == QuestionContent.maximumPromptLength)
    await state.perform(.deleteBackward)
    #expect(editor.prompt.count == QuestionContent.maximumPromptLength - 1)
  }

  @Test func theCursorIsDrawnInAFieldAtItsLimit() async throws {
    let (state, _) = await FullScreenFixtures.state(size: TerminalSize(columns: 40, rows: 10))
    await state.perform(.addQuestion)
    _ = await paste(QuestionContent.maximumPromptLength, into: state)
    let text = FrameComposer.frame(for: state).lines.joined(separator: "\n")
    #expect(text.contains(EditableText.cursorMark), "\(text)")
  }
}
