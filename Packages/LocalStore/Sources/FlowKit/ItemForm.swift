// What a page flow asks of the form that adds or edits a value.

/// The add/edit form a ``PageFlow`` opens: the typed text of a value and its problems.
@MainActor
public protocol ItemForm<Item>: AnyObject {
  /// The value the form builds.
  associatedtype Item

  /// The value the form was opened on, to save against; `nil` for a new one.
  var startedFrom: Item? { get }

  /// Whether the form edits a stored value rather than adding one.
  var isEditing: Bool { get }

  /// The value to save, or `nil` with the form's problems set when a field needs fixing.
  func validatedItem() -> Item?
}
