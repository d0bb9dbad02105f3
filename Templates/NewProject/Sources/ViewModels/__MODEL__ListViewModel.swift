// The list of __model__ values: the shared list over their store, with the form it opens.

import FlowKit
import LocalStore
import Models

/// The __model__ values a front end shows, filtered by a search and a tag.
///
/// Everything a list does is `FlowKit`'s ``/FlowKit/ItemList``, the same code as every list
/// of every app the store's package serves: loading (``/FlowKit/ItemList/load()``), following
/// other writers (``/FlowKit/ItemList/followChanges()``), saving without undoing another
/// writer's change (``/FlowKit/ItemList/save(_:ifUnchangedSince:)``), and an error message
/// instead of a thrown error. What is about __model__ values is here and in
/// ``__MODEL__Filter``: what a search looks in, the form a value opens, and what a deletion
/// must also clear (`make add-relation` adds each).
@MainActor
public final class __MODEL__ListViewModel: ItemList<__MODEL__Filter> {
  // add-relation: properties

  /// A list over `repository` that reads every value, as names of related values are looked
  /// up among all of them; call ``load()`` or ``followChanges()`` to fill it.
  public init(repository: any Repository<__MODEL__>) {
    super.init(repository: repository, pagingThreshold: .max)
  }

  /// Deletes the value with `id`; `false` with ``errorMessage`` set when the store refuses.
  /// What refers to it is unlinked after (`make add-relation` adds each).
  @discardableResult
  public override func remove(_ id: __MODEL__.ID) async -> Bool {
    let deleted = await removeFromStore(id)
    // add-relation: deleted
    return deleted
  }

  /// The form on `item`, or an empty one for `nil`, with what its fields need from other
  /// models (`make add-relation` adds each).
  public func form(editing item: __MODEL__?) -> __MODEL__EditorViewModel {
    let editor = __MODEL__EditorViewModel(editing: item)
    // add-relation: editor
    return editor
  }
}
