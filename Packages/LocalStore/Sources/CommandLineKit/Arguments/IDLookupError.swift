// Why an id typed on the command line designates no single stored value, worded the same in every tool.

import Foundation

/// Why an ``IDReference`` designates no single value: a runtime error (exit status 1), since
/// the command line was well formed.
public enum IDLookupError: Error, Equatable, Sendable {
  /// No value has the id, or an id starting with the prefix (as typed).
  case notFound(String)
  /// A prefix (as typed) matches more than one value.
  case ambiguous(String, matches: [UUID])

  /// The sentence for a value called `noun` (`recipe`, plural `recipes`), which
  /// `listCommand` lists with their ids.
  public func sentence(noun: String, plural: String, listCommand: String) -> String {
    switch self {
    case .notFound(let id):
      "No \(noun) has an id starting with '\(id)'. Run '\(listCommand)' to see the ids."
    case .ambiguous(let prefix, let matches):
      "The id '\(prefix)' is ambiguous: it matches \(matches.count) \(plural): "
        + matches.prefix(5).map(\.uuidString).joined(separator: ", ")
        + (matches.count > 5 ? " and \(matches.count - 5) more" : "")
        + ". Type more characters of the id."
    }
  }
}
