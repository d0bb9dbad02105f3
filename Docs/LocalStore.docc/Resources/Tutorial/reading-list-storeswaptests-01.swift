// The reading list's model on either store, the journal store or SQLite, unchanged.

import Foundation
import ReadingList
import Testing

@MainActor @Suite struct StoreSwapTests {
  /// The two stores a library can be opened on.
  enum Store: String, CaseIterable, Sendable {
    case journal, sqlite

    func open(in folder: URL) async throws -> Library {
      switch self {
      case .journal: try await Library.open(in: folder)
      case .sqlite: try await Library.openInSQLite(in: folder)
      }
    }
  }

  /// What a person does with the list, then what the next launch shows: the model is the
  /// same code whichever store keeps the books.
  @Test(arguments: Store.allCases)
  func theModelBehavesTheSameOnEitherStore(store: Store) async throws {
    // A folder of this test's own, removed when it ends; the library creates it.
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("StoreSwapTests-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }

    let model = ReadingListModel(repository: try await store.open(in: folder).books)
    await model.load()
    #expect(await model.addBook(title: "Dune"))
    #expect(await model.addBook(title: "Emma"))
    #expect(await model.addBook(title: "  ") == false)
    let dune = try #require(model.books.first)
    await model.markFinished(dune.id)
    await model.removeBooks([model.books[1].id])

    let reopened = ReadingListModel(repository: try await store.open(in: folder).books)
    await reopened.load()
    #expect(reopened.books.map(\.title) == ["Dune"])
    #expect(reopened.books.first?.finishedAt != nil)
    #expect(reopened.errorMessage == nil)
  }
}
