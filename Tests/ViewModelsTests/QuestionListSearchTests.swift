// The list's search stays right as questions change under it, with its keys reused.

import FlowKit
import LocalStore
import Models
import Testing
import ViewModels

@MainActor @Suite struct QuestionListSearchTests {
  @Test func anEditedQuestionIsMatchedByItsNewText() async throws {
    let question = Question(prompt: "What does fsync do?", answer: "Flushes a file")
    let viewModel = QuestionListViewModel(repository: InMemoryRepository([question]))
    await viewModel.load()
    viewModel.searchText = "durable"
    #expect(viewModel.items.isEmpty)
    var edited = question
    edited.answer = "Makes a write durable"
    await viewModel.add(edited)
    #expect(viewModel.items == [edited])
    edited.answer = "Flushes a file"
    await viewModel.add(edited)
    #expect(viewModel.items.isEmpty)
  }

  @Test func typingNarrowsAndBackspacingWidens() async {
    let questions = (0..<1_000).map {
      Question(prompt: "Question \($0)", answer: $0.isMultiple(of: 10) ? "Actor" : "Task")
    }
    let viewModel = QuestionListViewModel(repository: InMemoryRepository(questions))
    await viewModel.load()
    for (text, count) in [("a", 1_000), ("ac", 100), ("act", 100), ("actx", 0), ("act", 100)] {
      viewModel.searchText = text
      #expect(viewModel.items.count == count, "\(text)")
    }
    viewModel.tag = "none"
    #expect(viewModel.items.isEmpty)
  }
}
