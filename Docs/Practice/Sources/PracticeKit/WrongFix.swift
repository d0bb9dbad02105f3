// A plausible wrong fix of an exercise, kept beside its solution so that the tests must refuse it.

/// A version of a learner's file that looks like a fix and is not, with the failure its
/// exercise's tests must report for it.
///
/// Each lives in `WrongFixes/<exercise folder>/<name>.swift` and opens with a header:
///
/// ```text
/// // Wrong fix: <what it does, in a sentence>
/// // <why it is wrong, any number of lines>
/// // Refused by: <a piece of the failure the tests report for it>
/// ```
///
/// `practice verify` copies each over the learner's file and expects the exercise's tests
/// to fail with that piece of text; a wrong fix that passes means the tests do not check the
/// property the exercise teaches.
public struct WrongFix: Hashable, Sendable {
  /// The exercise it pretends to fix.
  public var exercise: Exercise
  /// Its path inside the practice package, such as `WrongFixes/04-detached-write/a-....swift`.
  public var path: String
  /// What it does, from its header's first line.
  public var summary: String
  /// A piece of the failure the tests must report, from its `Refused by:` line.
  public var refusedBy: String

  /// The file name without `.swift`.
  public var name: String {
    let file = path.split(separator: "/").last.map(String.init) ?? path
    return file.hasSuffix(".swift") ? String(file.dropLast(6)) : file
  }

  /// Reads the header of the file at `path`, whose contents are `text`.
  public init(exercise: Exercise, path: String, text: String) throws(PracticeError) {
    let header = text.split(separator: "\n", omittingEmptySubsequences: false)
      .prefix { $0.hasPrefix("//") }.map(String.init)
    guard let first = header.first, first.hasPrefix("// Wrong fix: ") else {
      throw .fileUnreadable(path, reason: "it does not open with \"// Wrong fix: \"")
    }
    guard let refused = header.first(where: { $0.hasPrefix("// Refused by: ") }) else {
      throw .fileUnreadable(path, reason: "its header has no \"// Refused by: \" line")
    }
    self.exercise = exercise
    self.path = path
    summary = String(first.dropFirst("// Wrong fix: ".count))
    refusedBy = String(refused.dropFirst("// Refused by: ".count))
  }
}

extension Exercise {
  /// The folder of this exercise's wrong fixes, relative to the package folder.
  public var wrongFixesFolder: String { "WrongFixes/\(folder)" }
}
