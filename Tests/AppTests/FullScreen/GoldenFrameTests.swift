// Every page of the full-screen mode at 80x24 and 40x10, compared with committed text fixtures.

import CommandLineKit
import FlowKit
import Foundation
import LocalStore
import Models
import TerminalUI
import Testing
import ViewModels

@testable import App

/// Golden frames: ``FrameComposer`` is a pure function of state and size, so each page is
/// rendered directly and compared cell by cell with `Tests/AppTests/Fixtures/Frames`.
@MainActor @Suite struct GoldenFrameTests {
  nonisolated static let sizes = [
    TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 40, rows: 10),
  ]

  private func name(_ page: String, _ size: TerminalSize) -> String {
    "\(page)-\(size.columns)x\(size.rows)"
  }

  @Test(arguments: sizes)
  func list(size: TerminalSize) async throws {
    let (state, _) = await FullScreenFixtures.state(size: size)
    await state.perform(.moveDown)
    try GoldenFrame.expect(FrameComposer.frame(for: state), matches: name("list", size))
  }

  @Test(arguments: sizes)
  func wideCharactersSelected(size: TerminalSize) async throws {
    let (state, _) = await FullScreenFixtures.state(size: size)
    await state.perform(.moveDown)
    await state.perform(.moveDown)
    try GoldenFrame.expect(FrameComposer.frame(for: state), matches: name("list-wide", size))
  }

  @Test(arguments: sizes)
  func emptyStore(size: TerminalSize) async throws {
    let (state, _) = await FullScreenFixtures.state(size: size, questions: [])
    try GoldenFrame.expect(FrameComposer.frame(for: state), matches: name("empty", size))
  }

  @Test(arguments: sizes)
  func errorStatus(size: TerminalSize) async throws {
    let (state, repository) = await FullScreenFixtures.state(size: size)
    let lock = URL(fileURLWithPath: "/data/questions.json.lock")
    await repository.failWrites(with: PersistenceError.lockTimeout(lock, seconds: 10))
    await state.perform(.deleteSelected)
    await state.perform(.confirm)
    #expect(state.list.items.count == FullScreenFixtures.questions.count)
    try GoldenFrame.expect(FrameComposer.frame(for: state), matches: name("error", size))
  }

  @Test(arguments: sizes)
  func searchAsYouType(size: TerminalSize) async throws {
    let (state, _) = await FullScreenFixtures.state(size: size)
    await state.perform(.startSearch)
    for character in "actor" { await state.perform(.type(character)) }
    try GoldenFrame.expect(FrameComposer.frame(for: state), matches: name("search", size))
  }

  @Test(arguments: sizes)
  func confirmDelete(size: TerminalSize) async throws {
    let (state, _) = await FullScreenFixtures.state(size: size)
    await state.perform(.deleteSelected)
    try GoldenFrame.expect(FrameComposer.frame(for: state), matches: name("delete", size))
  }

  @Test(arguments: sizes)
  func editorWithProblems(size: TerminalSize) async throws {
    let (state, _) = await FullScreenFixtures.state(size: size)
    await state.perform(.addQuestion)
    await state.perform(.nextField)
    for character in "Serial access" { await state.perform(.type(character)) }
    await state.perform(.save)
    #expect(state.page == .editor)
    try GoldenFrame.expect(FrameComposer.frame(for: state), matches: name("editor", size))
  }

  @Test(arguments: sizes)
  func tags(size: TerminalSize) async throws {
    let (state, _) = await FullScreenFixtures.state(size: size)
    await state.perform(.chooseTag)
    await state.perform(.moveDown)
    try GoldenFrame.expect(FrameComposer.frame(for: state), matches: name("tags", size))
  }

  @Test(arguments: sizes)
  func quizRevealed(size: TerminalSize) async throws {
    let (state, _) = await FullScreenFixtures.state(size: size)
    await state.perform(.startQuiz)
    await state.perform(.revealAnswer)
    await state.perform(.knewIt)
    await state.perform(.revealAnswer)
    try GoldenFrame.expect(FrameComposer.frame(for: state), matches: name("quiz", size))
  }

  @Test(arguments: sizes)
  func quizScore(size: TerminalSize) async throws {
    let (state, _) = await FullScreenFixtures.state(
      size: size, questions: Array(FullScreenFixtures.questions.prefix(2)))
    await state.perform(.startQuiz)
    await state.perform(.revealAnswer)
    await state.perform(.knewIt)
    await state.perform(.revealAnswer)
    await state.perform(.didNotKnowIt)
    #expect(state.quiz.phase == .finished)
    try GoldenFrame.expect(FrameComposer.frame(for: state), matches: name("quiz-score", size))
  }

  @Test(arguments: sizes)
  func statistics(size: TerminalSize) async throws {
    let (state, _) = await FullScreenFixtures.state(
      size: size, sessions: FullScreenFixtures.sessions)
    await state.perform(.showStatistics)
    try GoldenFrame.expect(FrameComposer.frame(for: state), matches: name("statistics", size))
  }

  @Test(arguments: sizes)
  func help(size: TerminalSize) async throws {
    let (state, _) = await FullScreenFixtures.state(size: size)
    await state.perform(.showHelp)
    try GoldenFrame.expect(FrameComposer.frame(for: state), matches: name("help", size))
  }

  @Test(arguments: sizes)
  func sampleOffer(size: TerminalSize) async throws {
    let (state, _) = await FullScreenFixtures.state(size: size, questions: [], offersSample: true)
    try GoldenFrame.expect(FrameComposer.frame(for: state), matches: name("sample-offer", size))
  }

  @Test func aTerminalTooSmallSaysSo() async throws {
    let (state, _) = await FullScreenFixtures.state(size: TerminalSize(columns: 12, rows: 4))
    try GoldenFrame.expect(FrameComposer.frame(for: state), matches: "too-small-12x4")
  }
}
