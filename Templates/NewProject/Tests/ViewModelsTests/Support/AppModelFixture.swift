// The app's root model over in-memory stores, for the tests of what it does across pages.

import FlowKit
import LocalStore
import Models
import ViewModels

extension __NAME__Model {
  /// The app with `first` as the store of its first page and empty in-memory stores for the
  /// others; `make add-model` adds a line here.
  @MainActor static func over(_ first: any Repository<__MODEL__>) -> __NAME__Model {
    __NAME__Model(
      __models__: __MODEL__PageModel(list: __MODEL__ListViewModel(repository: first)),
      // add-model: in-memory pages
    )
  }
}
