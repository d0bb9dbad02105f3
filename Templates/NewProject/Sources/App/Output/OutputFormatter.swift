// Turns results into what `__EXECUTABLE__` prints: short text for people, or JSON for scripts.

import Foundation
import Models

/// The text or JSON a command prints on standard output.
///
/// JSON is the on-disk shape of ``__MODEL__`` with sorted keys: an object for one value, an
/// array for `list`.
nonisolated struct OutputFormatter {
  /// Whether to print JSON instead of text.
  var json: Bool

  /// After `add`: the new id, or the value as JSON.
  func added(_ item: __MODEL__) throws(AppError) -> String {
    json ? try encoded(item) : item.id.uuidString + "\n"
  }

  /// After `list`: one line per value (a short id, the title and its tags), or a JSON array.
  func list(_ items: [__MODEL__], totalCount: Int, tag: String?) throws(AppError) -> String {
    if json { return try encoded(items) }
    if items.isEmpty {
      return totalCount == 0
        ? "Nothing stored yet. Add one with `__EXECUTABLE__ add <title>`.\n"
        : "Nothing is tagged “\(tag ?? "")”.\n"
    }
    return items.map { item in
      let tags = item.tags.isEmpty ? "" : "  " + item.tags.map { "#" + $0 }.joined(separator: " ")
      return "\(item.id.uuidString.prefix(8))  \(item.title)\(tags)\n"
    }.joined()
  }

  /// After `show`: every field on its own line, or the value as JSON.
  func detail(_ item: __MODEL__) throws(AppError) -> String {
    if json { return try encoded(item) }
    var lines = ["id:      \(item.id.uuidString)", "title:   \(item.title)"]
    if !item.notes.isEmpty { lines.append("notes:   \(item.notes)") }
    if !item.tags.isEmpty { lines.append("tags:    \(item.tags.joined(separator: ", "))") }
    lines.append("created: \(ISO8601DateFormatter().string(from: item.createdAt))")
    return lines.joined(separator: "\n") + "\n"
  }

  /// After `delete`: what was deleted, or the deleted value as JSON.
  func deleted(_ item: __MODEL__) throws(AppError) -> String {
    json ? try encoded(item) : "Deleted “\(item.title)”.\n"
  }

  private func encoded(_ value: some Encodable) throws(AppError) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    } catch {
      throw .encodingFailed(String(describing: error))
    }
  }
}
