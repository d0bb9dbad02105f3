// The state behind the reading list screen.

import Foundation
import Observation
import Persistence

@Observable @MainActor
public final class ReadingListModel {
  /// Every book, in the order they were added.
  public private(set) var books: [Book] = []

  /// The books not finished yet, computed from ``books`` so it can never disagree with it.
  public var unread: [Book] { books.filter { !$0.isFinished } }

  /// What went wrong with the last action, for the screen to show; `nil` after a success.
  public private(set) var errorMessage: String?

  @ObservationIgnored private let repository: any Repository<Book>

  public init(repository: any Repository<Book>) {
    self.repository = repository
  }

  /// Reads every book from the repository.
  public func load() async {
    books = await repository.loadAll()
  }

  /// Adds a book and returns whether it was saved. Never throws: a failure is
  /// ``errorMessage``.
  @discardableResult
  public func addBook(title: String, author: String = "") async -> Bool {
    let title = title.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !title.isEmpty else {
      errorMessage = "A book needs a title."
      return false
    }
    return await change { try await $0.save(Book(title: title, author: author)) }
  }

  /// Marks the book with the ID `id` as finished now.
  public func markFinished(_ id: Book.ID) async {
    guard let book = books.first(where: { $0.id == id }) else { return }
    await change { try await $0.save(book.finished()) }
  }

  /// Removes every book whose ID is in `ids`, as one change.
  public func removeBooks(_ ids: Set<Book.ID>) async {
    await change { try await $0.delete(ids: ids) }
  }

  /// Clears ``errorMessage`` once the screen has shown it.
  public func dismissError() {
    errorMessage = nil
  }

  /// Runs `body` against the repository, then assigns the new list and the error together,
  /// with no `await` in between: the screen sees one change, never half of one.
  @discardableResult
  private func change(_ body: (any Repository<Book>) async throws -> Void) async -> Bool {
    let failure: String?
    do {
      try await body(repository)
      failure = nil
    } catch {
      failure = "The reading list was not changed: \(error.localizedDescription)"
    }
    let all = await repository.loadAll()
    books = all
    errorMessage = failure
    return failure == nil
  }
}
