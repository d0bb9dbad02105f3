// Reading the questions for a command: a damaged SQLite store is refused, never shown short.

import CommandLineKit
import Models
import Persistence
import SQLitePersistence
import ViewModels

extension CommandRunner {
  /// Reads the questions into `viewModel`, then refuses to go on if the SQLite store met
  /// damage while reading them: its reads leave out what they cannot read, and a command
  /// must not show a damaged store as empty or short.
  func load(_ viewModel: QuestionListViewModel) async throws(AppError) {
    await viewModel.load()
    for case let store as SQLiteRepository<Question> in openedStores.repositories {
      if let failure = await store.readFailure { throw .store(failure) }
    }
  }
}
