// A page of __model__ values over an in-memory store, for the view-model tests.

import FlowKit
import LocalStore
import Models
import Testing
import ViewModels

/// A page over an in-memory store of __model__ values, for the flow tests.
@MainActor
enum __MODEL__Pages {
  /// A page over a store holding `items`, its list loaded, and the store, for a test to
  /// change behind the page's back.
  static func page(
    _ items: [__MODEL__] = []
  ) async -> (__MODEL__PageModel, InMemoryRepository<__MODEL__>) {
    let store = InMemoryRepository(items)
    let list = __MODEL__ListViewModel(repository: store)
    await list.load()
    return (__MODEL__PageModel(list: list), store)
  }

  /// Opens `item` in `model`'s form and types "Mine" as its __title__ while `store` changes it
  /// to "Pepper", then saves the form with `save`, as the front end under test does: returns
  /// the conflict's two versions.
  static func conflict(
    _ model: __MODEL__PageModel, _ store: InMemoryRepository<__MODEL__>, over item: __MODEL__,
    saving save: (__MODEL__EditorViewModel) async -> __MODEL__?
  ) async throws -> (yours: __MODEL__, theirs: __MODEL__?) {
    model.edit(item)
    let editor = try #require(model.shownEditor)
    editor.__title__ = "Mine"
    var theirs = item
    theirs.__title__ = "Pepper"
    try await store.save(theirs)
    #expect(await save(editor) == nil)
    return try #require(model.conflict)
  }
}
