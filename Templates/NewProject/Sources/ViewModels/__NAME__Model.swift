// The root of the app: one page of flows per stored model, and following all their changes at once.

import Models
import Observation

/// __NAME__ as a front end sees it: a page per kind of stored value.
///
/// Each page (``__models__``, ...) is the flows over one list, with its own form,
/// confirmation and edit conflict. A front end shows one page at a time (the terminal app
/// switches with Tab, a SwiftUI app with a `TabView`) and runs ``followChanges()`` for as
/// long as it is open. `make add-model` adds a page here.
@Observable @MainActor
public final class __NAME__Model {
  /// The __model__ values and their flows.
  public let __models__: __MODEL__PageModel
  // add-model: properties

  /// The app over its pages.
  public init(
    __models__: __MODEL__PageModel,
    // add-model: parameters
  ) {
    self.__models__ = __models__
    // add-model: assignments
  }

  /// Reads every page's list, then keeps them all current until the calling task is
  /// cancelled (`.task { await model.followChanges() }` in SwiftUI).
  public func followChanges() async {
    await withDiscardingTaskGroup { group in
      group.addTask { await self.__models__.followChanges() }
      // add-model: following
    }
  }
}
