// What became of a save that must not overwrite another writer's change.

/// The outcome of ``EditableList/save(_:ifUnchangedSince:)``.
public enum SaveOutcome<Item: Equatable & Sendable>: Equatable, Sendable {
  /// The value was stored.
  case saved
  /// Someone changed or deleted the value since the form opened it; nothing was stored.
  /// `current` is what the store holds now, `nil` if it was deleted.
  case conflict(current: Item?)
  /// The store refused; the list's error message says why.
  case failed
}
