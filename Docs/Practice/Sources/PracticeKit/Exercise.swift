// One exercise: the file a learner fixes, what is wrong with it, where to read, and two hints.

/// A small broken piece of code, its test target, and the text that explains it.
///
/// Paths are relative to the practice package's folder (`Docs/Practice`).
public struct Exercise: Hashable, Sendable, Identifiable {
  /// The position in the course, from 1.
  public var number: Int
  /// The folder under `Exercises/`, such as `02-corrupt-file`.
  public var folder: String
  /// The one file the learner edits, inside the folder.
  public var fileName: String
  /// A title of a few words.
  public var title: String
  /// What is wrong with the code.
  public var problem: String
  /// Why it matters, in a sentence.
  public var stakes: String
  /// The page to read, as a path in the repository and a section title.
  public var page: String
  /// Two hints, the second giving more away.
  public var hints: [String]
  /// A piece of the failure the shipped code produces, which the solution check looks for.
  public var expectedFailure: String

  /// The exercise's number.
  public var id: Int { number }

  /// The test target that checks it, such as `Exercise02Tests`.
  public var testTarget: String { "Exercise\(paddedNumber)Tests" }

  /// The number with two digits, as in the folder names.
  public var paddedNumber: String { number < 10 ? "0\(number)" : "\(number)" }

  /// The learner's file, relative to the package folder.
  public var filePath: String { "Exercises/\(folder)/\(fileName)" }

  /// The shipped copy of the learner's file, which `reset` puts back.
  public var shippedPath: String { "Shipped/\(folder).swift" }

  /// The solution, which the solution check copies over the learner's file.
  public var solutionPath: String { "Solutions/\(folder).swift" }
}
