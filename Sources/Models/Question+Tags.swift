// How tags are cleaned before they are stored: trimmed, never blank, each kept once.

import Foundation

extension Question {
  /// `tags` trimmed of white space (line breaks included), without blank ones, and each kept once ignoring case (the
  /// first spelling wins), in their original order.
  ///
  /// This is what `questions add --tag` stores, and what an import stores for any tags.
  ///
  /// - Parameter tags: Tags as a person or a file gave them.
  /// - Returns: The tags to store.
  public static func cleanedTags(_ tags: some Sequence<some StringProtocol>) -> [String] {
    var cleaned: [String] = []
    var seen: Set<String> = []
    for raw in tags {
      let tag = raw.trimmingWhiteSpace()
      guard !tag.isEmpty, seen.insert(tag.lowercased()).inserted else { continue }
      cleaned.append(String(tag))
    }
    return cleaned
  }
}
