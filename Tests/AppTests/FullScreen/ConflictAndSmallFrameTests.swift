// The edit-conflict screen shows what differs, and the smallest terminal still shows questions.

import CommandLineKit
import FlowKit
import Foundation
import LocalStore
import Models
import TerminalUI
import Testing
import ViewModels

@testable import App

@MainActor @Suite struct ConflictAndSmallFrameTests {
  nonisolated static let sizes = [
    TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 40, rows: 10),
    TerminalSize(columns: 20, rows: 6),
  ]

  /// A state in an edit conflict over the first fixture question: the person changed the
  /// answer to `mine`, another writer changed it to `theirs` and added a tag.
  func conflict(size: TerminalSize, mine: String, theirs: String) async throws -> FullScreenState {
    let (state, repository) = await FullScreenFixtures.state(size: size)
    let question = try #require(state.list.items.first)
    state.model.edit(question)
    guard case .editor(let editor) = state.model.destination else {
      Issue.record("no editor")
      return state
    }
    editor.answer = mine
    var other = question
    other.answer = theirs
    other.tags.append("elsewhere")
    try await repository.save(other)
    #expect(await state.model.saveEditor(editor) == nil)
    return state
  }

  @Test(arguments: sizes)
  func theConflictShowsEachFieldThatDiffersTheirsAndYours(size: TerminalSize) async throws {
    let state = try await conflict(size: size, mine: "MINE", theirs: "THEIRS")
    let text = FrameComposer.frame(for: state).lines.joined(separator: "\n")
    #expect(text.contains("MINE"), "\(text)")
    #expect(text.contains("THEIRS"), "\(text)")
    if size.rows >= 10 {
      #expect(text.contains("elsewhere"), "\(text)")
      #expect(text.contains("Answer"), "\(text)")
      #expect(text.contains("Tags"), "\(text)")
    }
    // The prompt did not change, so it is not quoted as a difference.
    #expect(!text.contains("Prompt"), "\(text)")
  }

  /// The status line's question and the hint bar name each key of the conflict page with
  /// the same words (once "m: keep yours" above "m keep mine").
  @Test func theQuestionAndTheHintBarNameEachKeyAlike() async throws {
    let state = try await conflict(
      size: TerminalSize(columns: 80, rows: 24), mine: "MINE", theirs: "THEIRS")
    let text = FrameComposer.frame(for: state).lines.joined(separator: "\n")
    for binding in KeyTable.bindings(for: .editConflict) {
      let key = try #require(binding.label.split(separator: "/").first)
      #expect(text.contains("\(key): \(binding.summary)"), "\(text)")
      #expect(text.contains("\(binding.label) \(binding.summary)"), "\(text)")
    }
    #expect(!text.contains("yours"), "\(text)")
  }

  @Test func aLongDifferenceIsWrappedToTheWidthNotCut() async throws {
    let size = TerminalSize(columns: 40, rows: 24)
    let mine = String(repeating: "same words here ", count: 4) + "MINE-AT-THE-END"
    let theirs = String(repeating: "same words here ", count: 4) + "THEIRS-AT-THE-END"
    let state = try await conflict(size: size, mine: mine, theirs: theirs)
    let frame = FrameComposer.frame(for: state)
    let text = frame.lines.joined(separator: "\n")
    #expect(text.contains("MINE-AT-THE-END"), "\(text)")
    #expect(text.contains("THEIRS-AT-THE-END"), "\(text)")
    #expect(frame.lines.allSatisfy { DisplayWidth.of($0) <= size.columns })
  }

  @Test func theSmallestTerminalShowsQuestionRows() async throws {
    let (state, _) = await FullScreenFixtures.state(size: FrameComposer.minimumSize)
    let lines = FrameComposer.frame(for: state).lines
    let first = try #require(state.list.items.first)
    #expect(
      lines.contains { $0.contains(String(first.prompt.prefix(8))) },
      "\(lines.joined(separator: "\n"))")
  }
}
