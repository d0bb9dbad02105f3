// The explanations of surviving mutants that no test can kill, kept beside each solution.

import Foundation

/// The file `Solutions/<exercise folder>.mutants.md`: one section per surviving mutant that
/// behaves as the solution does, titled with the mutant's key exactly as `practice verify`
/// prints it, and saying why no test can tell them apart:
///
/// ```text
/// ## swap: let data = Data(text.utf8) ⇄ let previous = lastWrite
///
/// Neither statement reads what the other writes, so their order changes nothing.
/// ```
///
/// A survivor without a section fails the check; so does a section that is empty or whose
/// mutant no longer survives (the explanation would then be false).
struct EquivalentMutants {
  /// The explanation of each mutant key.
  var explanations: [String: String]

  /// The path of the file for `exercise`, relative to the practice package.
  static func path(of exercise: Exercise) -> String { "Solutions/\(exercise.folder).mutants.md" }

  /// Reads the file at `url`; none when it is missing.
  init(url: URL) {
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    self.init(text: text)
  }

  /// Reads the sections of `text`.
  init(text: String) {
    var explanations: [String: String] = [:]
    var current: String?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("## ") {
        let key = String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces)
        current = key
        explanations[key] = ""
      } else if let key = current {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty { explanations[key, default: ""] += trimmed + " " }
      }
    }
    self.explanations = explanations
  }
}
