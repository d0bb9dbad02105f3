// The commands that read and change the question bank, run through the list view model.

import CommandLineKit
import FlowKit
import Foundation
import Models
import ViewModels

extension CommandRunner {
  /// Runs a command other than `help` against `viewModel` and prints its result.
  func execute(
    _ command: Command, on viewModel: QuestionListViewModel, printer: ResultPrinter
  ) async throws(AppError) {
    let text = printer.text
    switch command {
    case .add(let content):
      let question = Question(content: content)
      guard await viewModel.add(question) else { throw .failed(viewModel.errorMessage) }
      try printer.question(question, textForm: question.id.uuidString + "\n")
    case .list(let tag):
      viewModel.tag = tag
      try await printEveryMatch(of: viewModel, printer: printer) { total in
        total == 0 ? TextFormatter.emptyStoreHint : text.noneTagged(tag ?? "")
      }
    case .show(let reference):
      let question = try await resolve(reference, through: viewModel)
      try printer.question(question, textForm: text.detail(question))
    case .delete(let reference):
      let question = try await resolve(reference, through: viewModel)
      guard await viewModel.remove(question.id) else { throw .failed(viewModel.errorMessage) }
      try printer.question(question, message: text.deleted(question))
    case .edit(let reference, let prompt, let answer, let tags):
      let original = try await resolve(reference, through: viewModel)
      let content: QuestionContent
      do {
        content = try QuestionContent(
          prompt: prompt ?? original.prompt, answer: answer ?? original.answer,
          tags: tags ?? original.tags)
      } catch {
        throw .invalidContent(error, subcommand: .edit)
      }
      let edited = Question(id: original.id, content: content, createdAt: original.createdAt)
      // Saved only if the store still holds what was read: another writer's change made
      // meanwhile is never overwritten unseen.
      switch await viewModel.save(edited, ifUnchangedSince: original) {
      case .saved:
        try printer.question(edited, message: text.saved(edited))
      case .conflict(let current):
        throw .editConflict(yours: edited, current: current)
      case .failed:
        throw .failed(viewModel.errorMessage)
      }
    case .search(let words):
      viewModel.searchText = words
      try await printEveryMatch(of: viewModel, printer: printer) { _ in
        text.noMatches(for: words)
      }
    case .sample:
      // An entry counts as there by its ID or, for a deck loaded by an earlier version with
      // other IDs, by its prompt. Looked for a page at a time: the store may be larger than
      // memory.
      let sampleIDs = Set(Question.sampleDeck.map(\.id))
      var stored: Set<Question.ID> = []
      var storedPrompts: Set<String> = []
      _ = await viewModel.forEachMatchingPage { page in
        stored.formUnion(page.lazy.map(\.id).filter(sampleIDs.contains))
        storedPrompts.formUnion(page.filter(Question.isSampleQuestion).map(\.prompt))
        return true
      }
      try await refuseDamagedReads()
      let missing = Question.sampleDeck.filter {
        !stored.contains($0.id) && !storedPrompts.contains($0.prompt)
      }
      if !missing.isEmpty {
        guard await viewModel.add(contentsOf: missing) else {
          throw .failed(viewModel.errorMessage)
        }
      }
      if printer.json {
        try printer.questions(missing, whenEmpty: "")
      } else if missing.isEmpty {
        printer.console.writeError(
          "The \(Question.sampleDeck.count) sample questions are already in the store;"
            + " nothing was added.\n")
      } else {
        printer.console.writeError(text.sampleLoaded(missing.count))
      }
    case .help, .repair, .quiz, .stats, .fullScreen, .migrate, .sync, .resolveSyncConflict:
      break  // Run by `perform(_:)` without a list view model.
    case .export, .import:
      break  // Run by `perform(_:)` through `export` and `importQuestions`.
    }
  }
}
