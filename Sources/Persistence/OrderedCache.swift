// The in-memory cache of a repository: O(1) lookup by ID, iteration in insertion order, undo.

/// A dictionary that remembers insertion order and can undo a change.
///
/// Lookups, inserts, updates and removals are O(1): removal leaves a hole that is compacted
/// away once holes make up half of the storage. Updating an existing key keeps its position.
/// Every change returns an ``Undo`` so a repository can put memory back exactly as it was
/// when writing the change to disk fails.
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

  /// Inserts `value`, or replaces the value stored for `key` in place.
  mutating func update(_ value: Value, forKey key: Key, recordingInto undo: inout Undo) {
    if let position = positions[key], let previous = slots[position] {
      undo.steps.append(.restore(position: position, entry: previous))
      slots[position] = (key, value)
    } else {
      undo.steps.append(.removeAppended(key))
      positions[key] = slots.count
      slots.append((key, value))
    }
  }

  /// Removes the value stored for `key`, if any.
  mutating func removeValue(forKey key: Key, recordingInto undo: inout Undo) {
    guard let position = positions.removeValue(forKey: key), let previous = slots[position] else {
      return
    }
    undo.steps.append(.restore(position: position, entry: previous))
    slots[position] = nil
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
