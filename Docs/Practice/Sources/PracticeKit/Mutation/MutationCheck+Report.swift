// Prints the mutation table, what was explored, and every survivor with its explanation.

import Foundation

extension MutationCheck {
  /// Prints the table and the survivors; returns the number of problems: an exercise under
  /// ``requiredScore``, a survivor with no explanation, an explanation of a mutant that does
  /// not survive, a solution that failed its own tests among the mutants.
  func report(_ rows: [Row]) -> Int {
    var problems = 0
    let explored = Dictionary(grouping: rows.flatMap(\.outcomes), by: \.mutant.mutation)
    printOut("Operators, with the sites found in the solutions (compiled):")
    for mutation in MutationOperator.allCases {
      let found = explored[mutation] ?? []
      printOut(
        "  \(mutation.rawValue.padding(toLength: 20, withPad: " ", startingAt: 0))"
          + "\(found.count) (\(found.filter { $0.outcome.compiled }.count))")
    }
    printOut("")
    printOut("| Exercise | Mutants | Compiled | Killed | Survivors (equivalent) | Score |")
    printOut("| --- | ---: | ---: | ---: | ---: | ---: |")
    for row in rows {
      let score = Int((row.score * 100).rounded(.down))
      let killed = row.byBuild > 0 ? "\(row.killed) (\(row.byBuild) by the build)" : "\(row.killed)"
      printOut(
        "| \(row.exercise.paddedNumber) \(row.exercise.folder) | \(row.outcomes.count) | "
          + "\(row.compiled) | \(killed) | \(row.survivors.count) (\(row.equivalent)) | \(score) % |"
      )
    }
    let compiled = rows.map(\.compiled).reduce(0, +)
    let killed = rows.map(\.killed).reduce(0, +)
    let equivalent = rows.map(\.equivalent).reduce(0, +)
    let counted = compiled - equivalent
    printOut(
      "| all | \(rows.map(\.outcomes.count).reduce(0, +)) | \(compiled) | \(killed) | "
        + "\(rows.map(\.survivors.count).reduce(0, +)) (\(equivalent)) | "
        + "\(counted <= 0 ? 100 : killed * 100 / counted) % |")
    printOut("Score: killed, of the compiled mutants not explained as equivalent.")
    printOut("")
    for row in rows {
      problems += check(row)
    }
    return problems
  }

  private func check(_ row: Row) -> Int {
    var problems = 0
    let label = "  \(row.exercise.paddedNumber)"
    if !row.controlPassed {
      printOut(
        "\(label) ✗ the solution fails its own tests among the mutants: nothing here can be trusted"
      )
      problems += 1
    }
    if row.score < Self.requiredScore {
      printOut(
        "\(label) ✗ the tests kill \(row.killed) of the \(row.compiled - row.equivalent) compiled "
          + "mutants that are not equivalent; "
          + "they must kill at least \(Int(Self.requiredScore * 100)) %")
      problems += 1
    }
    let path = EquivalentMutants.path(of: row.exercise)
    let equivalents = EquivalentMutants(url: folder.file(path))
    for survivor in row.survivors {
      if let why = equivalents.explanations[survivor.key], !why.isEmpty {
        printOut("\(label) survivor, equivalent (\(path)): \(survivor.key)")
      } else {
        printOut(
          "\(label) ✗ survivor, not explained in \(path): \(survivor.key) (line \(survivor.line))")
        problems += 1
      }
    }
    let surviving = Set(row.survivors.map(\.key))
    let made = Set(row.outcomes.map(\.mutant.key))
    for key in equivalents.explanations.keys.sorted() where !surviving.contains(key) {
      if made.contains(key) {
        // Killed this time: an equivalent mutant is killed only by a test that failed for
        // another reason (a time limit met on a loaded machine), which makes the score no
        // worse. Said, not counted: a kill that comes and goes must not fail the check.
        printOut("\(label) note: \(path) explains a mutant that was killed this time: \(key)")
      } else {
        printOut("\(label) ✗ \(path) explains a mutant that is no longer made: \(key)")
        problems += 1
      }
    }
    return problems
  }
}
