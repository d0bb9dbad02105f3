// The list view model on an in-memory store and on a real store in a temporary folder.

import Foundation
import Models
import Persistence
import TestSupport
import Testing
import ViewModels

/// The stores the list runs on: the fake, and a `LocalRepository` on disk.
enum StoreKind: String, CaseIterable, Sendable {
  case inMemory, local

  /// A new empty store, and the folder that holds it (kept alive by the caller).
  func makeStore() throws -> (any Repository<__MODEL__>, TemporaryDirectory) {
    let folder = try TemporaryDirectory(prefix: "__NAME__Tests")
    switch self {
    case .inMemory: return (InMemoryRepository<__MODEL__>(), folder)
    case .local:
      return (try LocalRepository<__MODEL__>(directory: folder.url, filename: "store.json"), folder)
    }
  }
}

/// An error a fake store throws, with a sentence like a real one's.
struct RefusedWrite: Error, CustomStringConvertible {
  var description: String { "The disk is full." }
}

@MainActor @Suite struct __MODEL__ListViewModelTests {
  @Test(arguments: StoreKind.allCases)
  func addedValuesAppearInOrder(kind: StoreKind) async throws {
    let (store, folder) = try kind.makeStore()
    defer { withExtendedLifetime(folder) {} }
    let list = __MODEL__ListViewModel(repository: store)
    await list.load()
    #expect(list.items.isEmpty)
    let first = __MODEL__(title: "First")
    let second = __MODEL__(title: "Second", tags: ["x"])
    #expect(await list.add(first))
    #expect(await list.add(second))
    #expect(list.items == [first, second])
    #expect(list.totalCount == 2)
    #expect(list.errorMessage == nil)
  }

  @Test(arguments: StoreKind.allCases)
  func removeDeletesFromTheStore(kind: StoreKind) async throws {
    let (store, folder) = try kind.makeStore()
    defer { withExtendedLifetime(folder) {} }
    let list = __MODEL__ListViewModel(repository: store)
    let kept = __MODEL__(title: "Kept")
    let gone = __MODEL__(title: "Gone")
    await list.add(kept)
    await list.add(gone)
    #expect(await list.remove(gone.id))
    #expect(list.items == [kept])
    #expect(await store.loadAll() == [kept])
  }

  @Test func aLocalStoreKeepsValuesAcrossReopening() async throws {
    let folder = try TemporaryDirectory(prefix: "__NAME__Tests")
    let item = __MODEL__(title: "Lasting", notes: "on disk", tags: ["a"])
    let list = __MODEL__ListViewModel(
      repository: try LocalRepository<__MODEL__>(directory: folder.url, filename: "store.json"))
    #expect(await list.add(item))
    let reopened = __MODEL__ListViewModel(
      repository: try LocalRepository<__MODEL__>(directory: folder.url, filename: "store.json"))
    await reopened.load()
    #expect(reopened.items == [item])
  }

  @Test func searchAndTagFilterTheItemsButNotTheCount() async {
    let soup = __MODEL__(title: "Tomato soup", tags: ["quick"])
    let bread = __MODEL__(title: "Bread", notes: "slow rise", tags: ["slow"])
    let list = __MODEL__ListViewModel(repository: InMemoryRepository([soup, bread]))
    await list.load()
    list.searchText = "SOUP"
    #expect(list.items == [soup])
    list.searchText = "rise"
    #expect(list.items == [bread])
    list.searchText = ""
    list.tag = "quick"
    #expect(list.items == [soup])
    #expect(list.totalCount == 2)
  }

  @Test func aRefusedWriteBecomesTheErrorMessageAndChangesNothing() async {
    let store = InMemoryRepository<__MODEL__>()
    let list = __MODEL__ListViewModel(repository: store)
    await store.failWrites(with: RefusedWrite())
    #expect(await list.add(__MODEL__(title: "Lost")) == false)
    #expect(list.errorMessage == "The disk is full.")
    #expect(list.items.isEmpty)
    await store.failWrites(with: nil)
    #expect(await list.add(__MODEL__(title: "Kept")))
    #expect(list.errorMessage == nil)
  }
}
