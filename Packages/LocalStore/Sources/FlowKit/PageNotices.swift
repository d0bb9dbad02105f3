// The sentences a page flow shows after a step worked, in the app's own words.

/// What ``PageFlow/notice`` says after each step; an app words them for its values.
///
/// ``init(name:)`` gives every sentence, naming the value by `name`; an app changes any of
/// them by assigning the property.
public struct PageNotices<Item> {
  /// After a new value was saved from the form.
  public var added: (Item) -> String
  /// After an edit was saved from the form.
  public var saved: (Item) -> String
  /// After "keep mine" saved the person's version over the other writer's.
  public var keptMine: (Item) -> String
  /// After "keep theirs" kept the other writer's change.
  public var keptTheirs: String
  /// After "keep theirs" left a value the other writer deleted deleted.
  public var staysDeleted: String
  /// After a value was deleted.
  public var deleted: (Item) -> String
  /// While the notice of a saved edit shows and another writer has deleted that value.
  public var deletedAfterSave: (Item) -> String
  /// While the notice of a saved edit shows and another writer has changed that value.
  public var changedAfterSave: String

  /// Every sentence, naming a value by `name` (its title), such as `Added “Soup”.`.
  public init(name: @escaping (Item) -> String) {
    added = { "Added “\(name($0))”." }
    saved = { "Saved “\(name($0))”." }
    keptMine = { "Saved your version of “\(name($0))”." }
    keptTheirs = "Kept the other change."
    staysDeleted = "It stays deleted."
    deleted = { "Deleted “\(name($0))”." }
    deletedAfterSave = { "“\(name($0))” was deleted by another writer after you saved it." }
    changedAfterSave =
      "Your edit was changed by another writer after you saved it; the list shows theirs."
  }
}
