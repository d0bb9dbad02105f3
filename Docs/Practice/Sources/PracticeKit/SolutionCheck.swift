// The CI check: every exercise fails as shipped for the reason its text gives, and passes solved.

import Foundation

/// Proves the course works: builds once, runs every exercise's tests as shipped and expects
/// each to fail with its ``Exercise/expectedFailure``; then copies every solution over,
/// rebuilds (incrementally), expects every exercise to pass, and puts the shipped files back.
///
/// It refuses to start when a learner's file differs from its shipped copy, so it never
/// throws away someone's work.
struct SolutionCheck {
  var folder: PracticeFolder
  var runner: ExerciseRunner
  var printOut: (String) -> Void

  /// Runs the check; 0 when every exercise behaves, 1 otherwise.
  func run() async throws(PracticeError) -> Int32 {
    for exercise in Exercise.all where try !folder.isAsShipped(exercise) {
      throw .usage(
        "\(exercise.filePath) differs from \(exercise.shippedPath); "
          + "`practice reset \(exercise.number)` first (your changes are then lost)")
    }
    let start = ContinuousClock.now
    var problems = 0
    printOut("As shipped: each exercise must fail for its stated reason.")
    problems += try await checkAll(expectingPass: false)
    printOut("With the solutions applied: each exercise must pass.")
    defer {
      for exercise in Exercise.all { try? folder.reset(exercise) }
    }
    for exercise in Exercise.all { try folder.applySolution(exercise) }
    problems += try await checkAll(expectingPass: true)
    for exercise in Exercise.all { try folder.reset(exercise) }
    let elapsed = ContinuousClock.now - start
    printOut(
      problems == 0
        ? "All \(Exercise.all.count) exercises fail as shipped and pass solved (\(elapsed.components.seconds) s)."
        : "\(problems) problem(s) found (\(elapsed.components.seconds) s).")
    return problems == 0 ? 0 : 1
  }

  /// Builds once, then tests each exercise; returns the number of exercises that misbehaved.
  private func checkAll(expectingPass: Bool) async throws(PracticeError) -> Int {
    let built: (failure: FailureSummary?, log: String)
    do {
      built = try await runner.build()
    } catch {
      throw .processFailed("\(error)")
    }
    if let failure = built.failure {
      printOut("  the package does not build: \(failure.lines.joined(separator: " / "))")
      return Exercise.all.count
    }
    var problems = 0
    for exercise in Exercise.all {
      let verdict: Verdict
      do {
        verdict = try await runner.test(exercise).verdict
      } catch {
        throw .processFailed("\(error)")
      }
      let problem = Self.problem(with: verdict, of: exercise, expectingPass: expectingPass)
      printOut("  \(exercise.paddedNumber) \(problem.map { "✗ \($0)" } ?? "✓")")
      if problem != nil { problems += 1 }
    }
    return problems
  }

  /// What is wrong with `verdict`, or `nil` when it is what the check expects.
  static func problem(
    with verdict: Verdict, of exercise: Exercise, expectingPass: Bool
  )
    -> String?
  {
    switch (verdict, expectingPass) {
    case (.passed, true): return nil
    case (.passed, false): return "passes as shipped; it must fail"
    case (.failed(let failure), true):
      return "fails with its solution: \(failure.lines.joined(separator: " / "))"
    case (.failed(let failure), false):
      let text = failure.lines.joined(separator: "\n")
      guard text.contains(exercise.expectedFailure) else {
        return
          "fails, but not with \"\(exercise.expectedFailure)\": \(failure.lines.joined(separator: " / "))"
      }
      return nil
    }
  }
}
