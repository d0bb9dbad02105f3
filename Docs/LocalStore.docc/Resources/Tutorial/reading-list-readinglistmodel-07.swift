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

  /// Marks the book with the ID `id` as finished, unless someone changed it since this
  /// screen read it: then it shows their version and says so, instead of undoing it.
  public func markFinished(_ id: Book.ID) async {
    guard let shown = books.first(where: { $0.id == id }) else { return }
    let message: String?
    do {
      // One step inside the actor: compare with the stored book, and save only if equal.
      let saved = try await repository.save(shown.finished(), ifCurrent: shown)
      message = saved ? nil : "“\(shown.title)” was changed elsewhere; here is its new version."
    } catch {
      message = "“\(shown.title)” was not saved: \(error.localizedDescription)"
    }
    let all = await repository.loadAll()
    books = all
    errorMessage = message
  }

  /// Removes every book whose ID is in `ids`, as one change.
  public func removeBooks(_ ids: Set<Book.ID>) async {
    do {
      try await repository.delete(ids: ids)
    } catch {
      errorMessage = "The books were not removed: \(error.localizedDescription)"
      return
    }
    let all = await repository.loadAll()
    books = all
    errorMessage = nil
  }

  /// Clears ``errorMessage`` once the screen has shown it.
  public func dismissError() {
    errorMessage = nil
  }

  /// Loads the books, then loads them again after every change to the repository, whoever
  /// made it, until the task that runs it is cancelled: `.task { await model.followChanges() }`.
  public func followChanges() async {
    // Subscribe before loading, so that a change made in between is not missed.
    let changes = await repository.changes()
    await load()
    for await _ in changes {
      await load()
    }
  }
}
