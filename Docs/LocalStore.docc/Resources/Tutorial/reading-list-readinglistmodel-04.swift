// The state behind the reading list screen, for SwiftUI and the command line alike.

import Foundation
import Observation
import LocalStore

@Observable @MainActor
public final class ReadingListModel {
  /// Every book, in the order they were added.
  public private(set) var books: [Book] = []

  /// What went wrong with the last action, for the screen to show; `nil` after a success.
  public private(set) var errorMessage: String?

  private let repository: any Repository<Book>

  public init(repository: any Repository<Book>) {
    self.repository = repository
  }

  /// Reads every book from the repository.
  public func load() async {
    books = await repository.loadAll()
  }

  /// Adds a book and returns whether it was saved. Never throws: a failure is
  /// ``errorMessage``, which the screen shows.
  @discardableResult
  public func addBook(title: String, author: String = "") async -> Bool {
    let title = title.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !title.isEmpty else {
      errorMessage = "A book needs a title."
      return false
    }
    do {
      try await repository.save(Book(title: title, author: author))
    } catch {
      errorMessage = "“\(title)” was not saved: \(error.localizedDescription)"
      return false
    }
    // Read first, then assign both with no `await` between: they change together on screen.
    let all = await repository.loadAll()
    books = all
    errorMessage = nil
    return true
  }

  /// Marks the book with the ID `id` as finished.
  public func markFinished(_ id: Book.ID) async {
    // Check that the book is still there, then save it finished.
    guard let stored = await repository.find(by: id) else { return }
    let message: String?
    do {
      try await repository.save(stored.finished())
      message = nil
    } catch {
      message = "“\(stored.title)” was not saved: \(error.localizedDescription)"
    }
    let all = await repository.loadAll()
    books = all
    errorMessage = message
  }
}
