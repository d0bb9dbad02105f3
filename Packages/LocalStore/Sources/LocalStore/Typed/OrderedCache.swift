// The in-memory cache of a repository: O(1) lookup by ID, iteration in insertion order.

/// A dictionary that remembers insertion order.
///
/// Lookups, inserts, updates and removals are O(1): removal leaves a hole that is compacted
/// away once holes make up half of the storage. Updating an existing key keeps its position.
/// A repository applies a change only once it is written, so the cache never needs undoing.
struct OrderedCache<Key: Hashable, Value> {
  private var slots: [(key: Key, value: Value)?] = []
  private var positions: [Key: Int] = [:]

  init() {}

  /// Whether no value is stored.
  var isEmpty: Bool { positions.isEmpty }

  /// Makes room for `count` values without reallocating.
  mutating func reserveCapacity(_ count: Int) {
    slots.reserveCapacity(count)
    positions.reserveCapacity(count)
  }

  /// The values in insertion order.
  var values: [Value] {
    var values: [Value] = []
    values.reserveCapacity(positions.count)
    for case let slot? in slots { values.append(slot.value) }
    return values
  }

  /// The value stored for `key`.
  subscript(key: Key) -> Value? {
    positions[key].flatMap { slots[$0]?.value }
  }

  /// Appends `value` for `key` with one hash lookup if `key` is new, and returns `true`;
  /// returns `false`, changing nothing, if `key` is there already.
  mutating func append(_ value: Value, forNewKey key: Key) -> Bool {
    if let existing = positions.updateValue(slots.count, forKey: key) {
      positions[key] = existing
      return false
    }
    slots.append((key: key, value: value))
    return true
  }

  /// Inserts `value`, or replaces the value stored for `key` in place.
  mutating func update(_ value: Value, forKey key: Key) {
    replace(value, forKey: key)
  }

  /// Removes the value stored for `key`, if any.
  mutating func removeValue(forKey key: Key) {
    remove(key)
  }

  /// Stores `value` for `key`, in place if `key` is there already.
  private mutating func replace(_ value: Value, forKey key: Key) {
    if let position = positions[key] {
      slots[position] = (key, value)
    } else {
      positions[key] = slots.count
      slots.append((key, value))
    }
  }

  /// Removes the value for `key`, if any.
  private mutating func remove(_ key: Key) {
    guard let position = positions.removeValue(forKey: key) else { return }
    slots[position] = nil
  }

  /// Drops the holes left by removals once they take half the storage.
  mutating func compactIfSparse() {
    guard slots.count > 64, positions.count < slots.count / 2 else { return }
    slots.removeAll { $0 == nil }
    for (position, entry) in slots.enumerated() {
      if let entry { positions[entry.key] = position }
    }
  }
}

extension OrderedCache: Sendable where Key: Sendable, Value: Sendable {}
