// The mutation check: makes the mutants of every solution, and counts those its tests kill.

import Foundation

/// Checks that each exercise's tests check the property, not one symptom: every mutant of the
/// solution (``Mutator``) is type-checked, the ones that compile are built with the exercise's
/// tests in one package (``MutantPackage``) and tested one by one, and each exercise's tests
/// must kill at least ``requiredScore`` of the mutants that compile and are not equivalent to
/// it. Every survivor must be explained as equivalent in ``EquivalentMutants``. Outcomes are kept in ``MutantCache``.
struct MutationCheck {
  var folder: PracticeFolder
  var runner: ExerciseRunner
  var printOut: (String) -> Void
  /// The exercises to check.
  var exercises: [Exercise] = Exercise.all
  /// How many test runs and type-checks go at once: the tests mostly wait, the compiler does not.
  var testWorkers = 3
  var compileWorkers = 2

  /// Changes whenever the way mutants are checked changes, so that older outcomes are not reused.
  static let toolVersion = "mutation-check 2"

  /// The share of compiled mutants each exercise's tests must kill.
  static let requiredScore = 0.9

  /// One exercise's result.
  struct Row {
    var exercise: Exercise
    var outcomes: [(mutant: Mutant, outcome: MutantOutcome)]
    var controlPassed: Bool

    var compiled: Int { outcomes.filter { $0.outcome.compiled }.count }
    var killed: Int { outcomes.filter { $0.outcome.killed }.count }
    var byBuild: Int { outcomes.filter { $0.outcome == .killedByBuild }.count }
    var survivors: [Mutant] { outcomes.filter { $0.outcome == .survived }.map(\.mutant) }
    /// The survivors explained as equivalent to the solution.
    var equivalent = 0
    /// Killed, of the compiled mutants that are not equivalent: an equivalent mutant is the
    /// solution written another way, which no test can or should refuse.
    var score: Double {
      compiled - equivalent <= 0 ? 1 : Double(killed) / Double(compiled - equivalent)
    }
  }

  var workFolder: URL { folder.file(".build/mutants") }

  /// Lists every mutant of each exercise, without building anything.
  func list() throws(PracticeError) {
    for exercise in exercises {
      let mutants = try mutants(of: exercise)
      printOut("Exercise \(exercise.paddedNumber): \(mutants.count) mutants")
      for mutant in mutants { printOut("  line \(mutant.line)  \(mutant.key)") }
    }
  }

  /// Runs the check; returns the number of problems found (0 when it passes).
  func run() async throws(PracticeError) -> Int {
    let start = ContinuousClock.now
    var cache = MutantCache(file: workFolder.appendingPathComponent("outcomes.json"))
    var all: [(exercise: Exercise, mutants: [Mutant], keys: [String])] = []
    for exercise in exercises {
      let mutants = try mutants(of: exercise)
      let context = try context(of: exercise)
      all.append((exercise, mutants, mutants.map { MutantCache.key([$0.source] + context) }))
    }
    let pending = all.flatMap { entry in
      zip(entry.mutants, entry.keys).enumerated().compactMap { index, pair in
        cache[pair.1] == nil ? (entry.exercise, index + 1, pair.0, pair.1) : nil
      }
    }
    let total = all.map(\.mutants.count).reduce(0, +)
    printOut(
      "Mutants: \(total) made from the \(exercises.count) solutions; \(total - pending.count) "
        + "known from an earlier run with the same code and tests, \(pending.count) to check.")
    var controls: Set<Int> = []
    if !pending.isEmpty {
      let results = try await check(pending.map { ($0.0, $0.1, $0.2) })
      for (item, outcome) in zip(pending, results.outcomes) { cache[item.3] = outcome }
      controls = results.failedControls
      cache.save()
    }
    var rows: [Row] = []
    for entry in all {
      let outcomes = zip(entry.mutants, entry.keys).map { ($0, cache[$1] ?? .notCompiled) }
      var row = Row(
        exercise: entry.exercise, outcomes: outcomes,
        controlPassed: !controls.contains(entry.exercise.number))
      let explained = EquivalentMutants(
        url: folder.file(EquivalentMutants.path(of: entry.exercise)))
      row.equivalent =
        row.survivors.filter { explained.explanations[$0.key]?.isEmpty == false }.count
      rows.append(row)
    }
    let problems = report(rows)
    let seconds = (ContinuousClock.now - start).components.seconds
    printOut("Mutation check: \(seconds) s.")
    return problems
  }

  /// The mutants of `exercise`'s solution.
  func mutants(of exercise: Exercise) throws(PracticeError) -> [Mutant] {
    do {
      return Mutator(try String(contentsOf: folder.file(exercise.solutionPath), encoding: .utf8))
        .mutants()
    } catch {
      throw .fileUnreadable(exercise.solutionPath, reason: error.localizedDescription)
    }
  }

  /// Everything besides the mutant that its outcome depends on.
  private func context(of exercise: Exercise) throws(PracticeError) -> [String] {
    let package = MutantPackage(
      root: workFolder.appendingPathComponent("package"), practice: folder)
    do {
      let tests = try package.tests(of: exercise).map { $0.name + $0.text }
      let supportFolder = folder.file("Tests/ExerciseSupport")
      let support = try FileManager.default.contentsOfDirectory(atPath: supportFolder.path).sorted()
        .map { try String(contentsOf: supportFolder.appendingPathComponent($0), encoding: .utf8) }
      return [Self.toolVersion, exercise.folder] + tests + support + runner.buildFlags + [
        MutantPackage.manifest(
          targets: [], questionBank: folder.url)
      ]
    } catch {
      throw .fileUnreadable(exercise.testTarget, reason: error.localizedDescription)
    }
  }
}
