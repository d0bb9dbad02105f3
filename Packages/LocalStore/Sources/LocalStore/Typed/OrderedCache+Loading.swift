// Filling a cache with a file's items, in file order, refusing an ID that comes twice.

extension OrderedCache where Value: Identifiable, Key == Value.ID {
  /// Appends `items` in order and returns `nil`; or stops at the first item whose ID is
  /// already in the cache, and returns that ID.
  mutating func appendUnique(_ items: some Sequence<Value>) -> Key? {
    for item in items {
      guard append(item, forNewKey: item.id) else { return item.id }
    }
    return nil
  }
}
