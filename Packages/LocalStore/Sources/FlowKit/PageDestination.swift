// What a page shows over its list, and which of those a step that waited began on.

/// What a ``PageFlow`` shows over its list; `nil` in ``PageFlow/destination`` shows the list
/// alone.
///
/// Three are the same on every page (the form, the confirmation before a deletion, an edit
/// conflict); ``screen(_:)`` carries what else an app shows over its list (`Never` when
/// nothing).
public enum PageDestination<Item: Identifiable, Form: AnyObject, Screen: Equatable> {
  /// The form that adds a value, or edits one.
  case editor(Form)
  /// A confirmation asking whether to delete this value.
  case confirmDeletion(Item)
  /// The value saved from the form was changed (`theirs`) or deleted (`theirs` is `nil`) by
  /// another writer since the form opened it: which to keep?
  case editConflict(yours: Item, theirs: Item?)
  /// Something else the app shows over its list.
  case screen(Screen)

  /// Whether this destination is what `step` began on: the same form, the same value asked
  /// about or in conflict, or the same screen.
  func isSame(as step: Self) -> Bool {
    switch (self, step) {
    case (.editor(let shown), .editor(let step)): shown === step
    case (.confirmDeletion(let shown), .confirmDeletion(let step)): shown.id == step.id
    case (.editConflict(let shown, _), .editConflict(let step, _)): shown.id == step.id
    case (.screen(let shown), .screen(let step)): shown == step
    default: false
    }
  }
}
