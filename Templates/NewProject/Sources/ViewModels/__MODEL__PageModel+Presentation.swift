// What the SwiftUI views show of a __model__ over the list: the titles and message of the dialog and the alert.

import FlowKit
import Models

/// The buttons and bindings the SwiftUI views forward to are `FlowKit`'s, shared
/// (``/FlowKit/PageFlow/startSaving(_:)``, ``/FlowKit/PageFlow/startDeleting(_:)``,
/// ``/FlowKit/PageFlow/setShowing(_:_:)``, ...); the words are this model's.
extension PageFlow
where List == __MODEL__ListViewModel, Form == __MODEL__EditorViewModel, Screen == Never {
  /// The confirmation's title, such as `Delete “Soup”?`.
  public var deletionTitle: String {
    itemToDelete.map { "Delete “\($0.__title__)”?" } ?? ""
  }

  /// The conflict alert's title: what the other writer did.
  public var conflictTitle: String {
    guard let conflict else { return "" }
    return conflict.theirs == nil
      ? "“\(conflict.yours.__title__)” was deleted elsewhere"
      : "“\(conflict.yours.__title__)” was changed elsewhere"
  }

  /// The conflict alert's message: one line per field that differs.
  public var conflictMessage: String {
    conflictingFields.map { "\($0.field): yours “\($0.yours)”, theirs “\($0.theirs)”" }
      .joined(separator: "\n")
  }
}
