// The CI check: every exercise fails as shipped, passes solved, and refuses every wrong fix.

import Foundation

/// Proves the course works, in rounds that each build the package once (incrementally) and
/// then run every exercise's tests:
///
/// 1. as shipped, each exercise must fail with its ``Exercise/expectedFailure``;
/// 2. with every solution copied over, each must pass;
/// 3. then, round after round, with the next ``WrongFix`` of each exercise copied over, each
///    must fail with that wrong fix's ``WrongFix/refusedBy``.
///
/// Each exercise must have at least two wrong fixes. The shipped files are put back at the
/// end, whatever happened. It refuses to start when a learner's file differs from its shipped
/// copy, so it never throws away someone's work.
struct SolutionCheck {
  var folder: PracticeFolder
  var runner: ExerciseRunner
  var printOut: (String) -> Void
  /// The exercises to check.
  var exercises: [Exercise] = Exercise.all

  /// The fewest wrong fixes an exercise may have.
  static let wrongFixesRequired = 2

  /// What one round copies over the learner's files, and what it expects of each exercise.
  enum Expectation {
    case failsWith(String)
    case passes
  }

  /// Runs the check; 0 when every exercise behaves, 1 otherwise.
  func run() async throws(PracticeError) -> Int32 {
    for exercise in exercises where try !folder.isAsShipped(exercise) {
      throw .usage(
        "\(exercise.filePath) differs from \(exercise.shippedPath); "
          + "`practice reset \(exercise.number)` first (your changes are then lost)")
    }
    var wrongFixes: [[WrongFix]] = []
    for exercise in exercises { wrongFixes.append(try folder.wrongFixes(of: exercise)) }
    let start = ContinuousClock.now
    var problems = 0
    for (exercise, fixes) in zip(exercises, wrongFixes)
    where fixes.count < Self.wrongFixesRequired {
      printOut(
        "  \(exercise.paddedNumber) ✗ has \(fixes.count) wrong fix(es) in "
          + "\(exercise.wrongFixesFolder); it needs at least \(Self.wrongFixesRequired)")
      problems += 1
    }
    defer {
      for exercise in exercises { try? folder.reset(exercise) }
    }
    printOut("As shipped: each exercise must fail for its stated reason.")
    problems += try await checkRound(
      exercises.map { ($0, "as shipped", .failsWith($0.expectedFailure)) })
    printOut("With the solutions: each exercise must pass.")
    for exercise in exercises { try folder.applySolution(exercise) }
    problems += try await checkRound(exercises.map { ($0, "solved", .passes) })
    let rounds = wrongFixes.map(\.count).max() ?? 0
    var refused = 0
    for round in 0..<rounds {
      printOut("Wrong fixes, round \(round + 1): each must fail for its stated reason.")
      var cases: [(Exercise, String, Expectation)] = []
      for (exercise, fixes) in zip(exercises, wrongFixes) {
        guard round < fixes.count else {
          try folder.reset(exercise)
          continue
        }
        try folder.apply(fixes[round])
        cases.append((exercise, fixes[round].name, .failsWith(fixes[round].refusedBy)))
      }
      let found = try await checkRound(cases)
      problems += found
      refused += cases.count - found
    }
    for exercise in exercises { try folder.reset(exercise) }
    let seconds = (ContinuousClock.now - start).components.seconds
    let total = wrongFixes.map(\.count).reduce(0, +)
    printOut(
      problems == 0
        ? (exercises.count == 1
          ? "Exercise \(exercises[0].number) fails as shipped, passes solved, and refuses all "
          : "All \(exercises.count) exercises fail as shipped, pass solved, and refuse all ")
          + "\(total) wrong fixes (\(seconds) s)."
        : "\(problems) problem(s) found; \(refused) of \(total) wrong fixes refused (\(seconds) s)."
    )
    return problems == 0 ? 0 : 1
  }

  /// Builds once, then tests each case; returns the number of cases that misbehaved.
  private func checkRound(
    _ cases: [(Exercise, String, Expectation)]
  ) async throws(PracticeError)
    -> Int
  {
    let built: (failure: FailureSummary?, log: String)
    do {
      built = try await runner.build()
    } catch {
      throw .processFailed("\(error)")
    }
    if let failure = built.failure {
      printOut("  the package does not build: \(failure.lines.joined(separator: " / "))")
      return cases.count
    }
    var problems = 0
    for (exercise, label, expectation) in cases {
      let tested: (verdict: Verdict, log: String)
      do {
        tested = try await runner.test(exercise)
      } catch {
        throw .processFailed("\(error)")
      }
      let problem = Self.problem(with: tested.verdict, log: tested.log, expecting: expectation)
      printOut("  \(exercise.paddedNumber) \(label): \(problem.map { "✗ \($0)" } ?? "✓")")
      if problem != nil { problems += 1 }
    }
    return problems
  }

  /// What is wrong with `verdict` (and the test log it came from), or `nil` when it is what
  /// the check expects. A failure counts when any issue the tests recorded says the text:
  /// a wrong fix may break more than the property it was made for.
  static func problem(
    with verdict: Verdict, log: String, expecting expectation: Expectation
  )
    -> String?
  {
    switch (verdict, expectation) {
    case (.passed, .passes): return nil
    case (.passed, .failsWith): return "passes; it must fail"
    case (.failed(let failure), .passes):
      return "fails: \(failure.lines.joined(separator: " / "))"
    case (.failed(let failure), .failsWith(let text)):
      let lines = log.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      let reported = [failure] + FailureParser.recordedIssues(lines)
      guard reported.contains(where: { $0.lines.joined(separator: "\n").contains(text) }) else {
        return "fails, but not with \"\(text)\": \(failure.lines.joined(separator: " / "))"
      }
      return nil
    }
  }
}
