// A tag in use and how many questions carry it, for a tag picker.

import Foundation
import Models

/// One tag and the number of questions filed under it.
nonisolated public struct TagSummary: Hashable, Sendable {
  /// The tag, spelled as it was first used.
  public var name: String
  /// How many questions have it, ignoring case.
  public var count: Int

  /// Creates a summary.
  public init(name: String, count: Int) {
    self.name = name
    self.count = count
  }

  /// The tags of `questions`, compared ignoring case, most used first, then by name.
  static func summaries(of questions: [Question]) -> [TagSummary] {
    var order: [String: Int] = [:]
    var summaries: [TagSummary] = []
    for question in questions {
      var seen: Set<String> = []
      for tag in question.tags {
        let key = tag.lowercased()
        guard seen.insert(key).inserted else { continue }
        if let index = order[key] {
          summaries[index].count += 1
        } else {
          order[key] = summaries.count
          summaries.append(TagSummary(name: tag, count: 1))
        }
      }
    }
    return summaries.sorted {
      $0.count != $1.count
        ? $0.count > $1.count
        : $0.name.localizedStandardCompare($1.name) == .orderedAscending
    }
  }
}
