// The in-memory cache of a repository: O(1) lookup by ID, iteration in insertion order, undo.

/// A dictionary that remembers insertion order and can undo a change.
///
/// Lookups, inserts, updates and removals are O(1): removal leaves a hole that is compacted
/// away once holes make up half of the storage. Updating an existing key keeps its position.
/// A change can record an ``Undo`` so a repository can put memory back exactly as it was
/// when writing the change to disk fails; loading and replaying use the forms that record
/// nothing.
struct OrderedCache<Key: Hashable, Value> {
  private var slots: [(key: Key, value: Value)?] = []
  private var positions: [Key: Int] = [:]

  /// A record of what a change replaced, applied in reverse by ``revert(_:)``.
  struct Undo {
    fileprivate enum Step {
      case removeAppended(Key)
      case restore(position: Int, entry: (key: Key, value: Value))
    }
    fileprivate var steps: [Step] = []

    /// Whether the change modified nothing.
    var isEmpty: Bool { steps.isEmpty }
  }

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
    _ = replace(value, forKey: key)
  }

  /// Inserts `value`, or replaces the value stored for `key` in place, recording into `undo`
  /// how to take the change back.
  mutating func update(_ value: Value, forKey key: Key, recordingInto undo: inout Undo) {
    undo.steps.append(replace(value, forKey: key))
  }

  /// Removes the value stored for `key`, if any.
  mutating func removeValue(forKey key: Key) {
    _ = remove(key)
  }

  /// Removes the value stored for `key`, if any, recording into `undo` how to put it back.
  mutating func removeValue(forKey key: Key, recordingInto undo: inout Undo) {
    if let step = remove(key) { undo.steps.append(step) }
  }

  /// Stores `value` for `key` and returns the step that undoes it.
  private mutating func replace(_ value: Value, forKey key: Key) -> Undo.Step {
    if let position = positions[key], let previous = slots[position] {
      slots[position] = (key, value)
      return .restore(position: position, entry: previous)
    }
    positions[key] = slots.count
    slots.append((key, value))
    return .removeAppended(key)
  }

  /// Removes the value for `key` and returns the step that puts it back; `nil` if there was
  /// none.
  private mutating func remove(_ key: Key) -> Undo.Step? {
    guard let position = positions.removeValue(forKey: key), let previous = slots[position] else {
      return nil
    }
    slots[position] = nil
    return .restore(position: position, entry: previous)
  }

  /// Puts the cache back as it was before the changes recorded in `undo`.
  mutating func revert(_ undo: Undo) {
    for step in undo.steps.reversed() {
      switch step {
      case .removeAppended(let key):
        positions[key] = nil
        slots.removeLast()
      case .restore(let position, let entry):
        slots[position] = entry
        positions[entry.key] = position
      }
    }
  }

  /// Drops the holes left by removals once they take half the storage; invalidates undos.
  mutating func compactIfSparse() {
    guard slots.count > 64, positions.count < slots.count / 2 else { return }
    slots.removeAll { $0 == nil }
    for (position, entry) in slots.enumerated() {
      if let entry { positions[entry.key] = position }
    }
  }
}
