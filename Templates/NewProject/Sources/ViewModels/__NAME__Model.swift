// The root of the app: one page of flows per stored model, opening, following and syncing them all at once.

import FlowKit
import Foundation
import LocalStore
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
    // add-relation: links
  }

  /// Opens every page's store in `folder`, one after the other, without blocking the main
  /// thread: each is read by `LocalRepository.open` on a queue of its own, so the interface
  /// keeps running while a large store is read or another process holds a store's lock.
  ///
  /// - Throws: The first store's error that could not be opened (a `PersistenceError`).
  public static func open(
    in folder: URL, configuration: StoreConfiguration = StoreConfiguration()
  ) async throws -> __NAME__Model {
    __NAME__Model(
      __models__: try await __MODEL__PageModel.open(in: folder, configuration: configuration),
      // add-model: stores
    )
  }

  /// Reads every page's list, then keeps them all current until the calling task is
  /// cancelled (`.task { await model.followChanges() }` in SwiftUI). Two windows may both
  /// run it: each list still subscribes once.
  public func followChanges() async {
    await withDiscardingTaskGroup { group in
      group.addTask { await self.__models__.followChanges() }
      // add-model: following
    }
  }

  /// Makes every change acknowledged so far durable in every page's store, at once; `false`
  /// when a store's sync failed, with that page's list saying why.
  @discardableResult
  public func synchronize() async -> Bool {
    await withTaskGroup(of: Bool.self) { group in
      group.addTask { await self.__models__.list.synchronize() }
      // add-model: synchronizing
      var synchronized = true
      for await pageSynchronized in group where !pageSynchronized { synchronized = false }
      return synchronized
    }
  }
}
