// The words shown for an exercise, shared by the commands and the watch mode.

extension Exercise {
  /// "Exercise 2 of 12: A damaged file is not an empty store".
  public var heading: String {
    "Exercise \(number) of \(Exercise.all.count): \(title)"
  }

  /// The paragraphs that explain the exercise.
  public var explanation: [String] {
    [
      problem,
      "Why it matters: \(stakes)",
      "Read: \(page)",
      "Edit: Docs/Practice/\(filePath)",
    ]
  }
}

extension ExerciseProgress.State {
  /// A mark and a word for lists: `✓ passed`, `✗ failing`, `· to do`.
  public var label: String {
    switch self {
    case .passed: "✓ passed "
    case .failing: "✗ failing"
    case .pending: "· to do  "
    }
  }
}
