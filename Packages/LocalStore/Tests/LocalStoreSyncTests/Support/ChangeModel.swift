// What a killed device's notes must be: every acknowledged edit, and at most the one cut short.

import Foundation

/// The notes a device must hold, from the lines of its runs: each note's text, or `nil` once
/// deleted, as of its last acknowledged edit.
struct ChangeModel {
  /// Each note's text by record id; `nil`: deleted.
  private(set) var expected: [String: String?] = [:]
  /// Every text any edit ever wrote, by record id, in order: to tell a replay of an old edit.
  private(set) var history: [String: [String]] = [:]
  /// The edit a kill cut off between "try" and "ack": it may or may not be durable.
  private var unacknowledged: (id: String, value: String?)?
  /// How many edits were acknowledged.
  private(set) var acknowledged = 0

  /// Reads one run's lines.
  mutating func read(_ lines: [String]) {
    unacknowledged = nil
    for line in lines {
      let words = line.split(separator: " ").map(String.init)
      guard words.count == 4, words[0] == "try" || words[0] == "ack" else { continue }
      let value: String? = words[1] == "delete" ? nil : words[3]
      if words[0] == "try" {
        unacknowledged = (words[2], value)
        if let value { history[words[2], default: []].append(value) }
      } else {
        expected[words[2]] = .some(value)
        acknowledged += 1
        unacknowledged = nil
      }
    }
  }

  /// Compares the notes a store holds (text by record id) with the model; adopts the edit a
  /// kill cut off if the store holds it. Returns the record ids of the edits lost.
  mutating func check(_ held: [String: String]) -> [String] {
    if let (id, value) = unacknowledged, held[id] == value {
      expected[id] = .some(value)
    }
    unacknowledged = nil
    return expected.keys.filter { held[$0] != expected[$0] ?? nil }.sorted()
  }

  /// The notes held that the model says were deleted or never made (a delete undone, a
  /// create sent twice) or that hold an older text than the last acknowledged one (an old
  /// edit applied again after a newer one).
  func replayed(in held: [String: String]) -> [String] {
    held.compactMap { id, text in
      guard let last = expected[id] else { return id }
      guard let last else { return id }
      return text != last && history[id, default: []].contains(text) ? id : nil
    }.sorted()
  }
}
