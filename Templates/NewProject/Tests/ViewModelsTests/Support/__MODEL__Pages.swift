// A page of __model__ values over an in-memory store, for the view-model tests.

import FlowKit
import LocalStore
import Models
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
}
