// Reading the questions for a command: a damaged SQLite store is refused, never shown short.

import CommandLineKit
import FlowKit
import LocalStore
import LocalStoreSQLite
import Models
import ViewModels

extension CommandRunner {
  /// Reads the questions into `viewModel`, then refuses to go on if the SQLite store met
  /// damage while reading them: its reads leave out what they cannot read, and a command
  /// must not show a damaged store as empty or short.
  func load(_ viewModel: QuestionListViewModel) async throws(AppError) {
    await viewModel.load()
    try await refuseDamagedReads()
  }

  /// Prints every question that matches `viewModel`'s search and tag, a page at a time, so
  /// that listing a store larger than memory holds one page, never the store; `whenEmpty`
  /// gives, from the store's size, what text mode says when none matches.
  ///
  /// Damage met on a page stops the listing before that page is printed, with the store's
  /// error; the pages before it may have been printed.
  func printEveryMatch(
    of viewModel: QuestionListViewModel, printer: ResultPrinter,
    whenEmpty message: (_ total: Int) -> String
  ) async throws(AppError) {
    var pages = QuestionPagePrinter(printer)
    var failure: AppError?
    let total = await viewModel.forEachMatchingPage { page in
      do throws(AppError) {
        try await refuseDamagedReads()
        try pages.print(page)
        return true
      } catch {
        failure = error
        return false
      }
    }
    if let failure { throw failure }
    try await refuseDamagedReads()  // A store that read as empty may be damaged too.
    pages.finish(whenEmpty: message(total))
  }

  /// The one question `reference` names, read from the store without holding it: by key for
  /// a whole ID, a page at a time for a prefix, which must match one question of the whole
  /// store, not of a page.
  ///
  /// - Throws: ``AppError/noSuchQuestion(_:)``, ``AppError/ambiguousID(_:matches:)``, or the
  ///   damage the store met while reading.
  func resolve(
    _ reference: QuestionReference, through viewModel: QuestionListViewModel
  ) async throws(AppError) -> Question {
    var candidates: [Question] = []
    switch reference {
    case .id(let id):
      if let question = await viewModel.storedItem(withID: id) { candidates = [question] }
    case .prefix:
      _ = await viewModel.forEachMatchingPage { page in
        candidates += page.filter(reference.designates)
        return true
      }
    }
    try await refuseDamagedReads()
    return try reference.resolve(in: candidates)
  }

  /// Throws the damage the SQLite store met while reading: its reads leave out what they
  /// cannot read, and a command must not show a damaged store as empty or short.
  func refuseDamagedReads() async throws(AppError) {
    for case let store as SQLiteRepository<Question> in openedStores.repositories {
      if let failure = await store.readFailure { throw .store(failure) }
    }
  }
}
