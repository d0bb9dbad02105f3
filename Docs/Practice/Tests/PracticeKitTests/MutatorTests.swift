// Checks that the mutation tool finds every site of each operator in a small actor, and reads
// the files that explain surviving mutants.

import Testing

@testable import PracticeKit

@Suite struct MutatorTests {
  let source = """
    import Foundation

    actor Counter {
      private var counts: [String: Int] = [:]
      private var log: [String] = []

      func record(_ page: String) throws {
        let current = counts[page] ?? 0
        guard current < 10, !page.isEmpty else { return }
        log.append(page)
        counts[page] = current + 1
        try check()
      }

      func check() throws {}
    }
    """

  var mutants: [Mutant] { Mutator(source).mutants() }

  func keys(_ mutation: MutationOperator) -> [String] {
    mutants.filter { $0.mutation == mutation }.map(\.site)
  }

  @Test func deletesAndSwapsEveryStatementOfAMethod() {
    #expect(
      keys(.delete) == [
        "let current = counts[page] ?? 0", "log.append(page)", "counts[page] = current + 1",
        "try check()",
      ])
    #expect(keys(.dropGuard) == ["guard current < 10, !page.isEmpty else { return }"])
    #expect(keys(.swap).count == 4)
    let deleted = mutants.first { $0.mutation == .delete && $0.site == "log.append(page)" }
    #expect(deleted?.source.contains("log.append(page)") == false)
  }

  /// Between the read of `counts` (first statement) and its write (fourth), in every gap,
  /// and the method made `async`.
  @Test func suspendsBetweenEveryReadAndALaterWrite() throws {
    #expect(
      keys(.suspend) == [
        "before guard current < 10, !page.isEmpty else { return }", "before log.append(page)",
        "before counts[page] = current + 1",
      ])
    let mutant = try #require(mutants.first { $0.mutation == .suspend })
    #expect(mutant.source.contains("func record(_ page: String) async throws {"))
    #expect(mutant.source.contains("await Task.yield()"))
  }

  @Test func coversTheOtherOperators() {
    #expect(keys(.tryOptional) == ["try check()"])
    #expect(
      keys(.dropCondition) == [
        "current < 10 in guard current < 10, !page.isEmpty else { return }",
        "!page.isEmpty in guard current < 10, !page.isEmpty else { return }",
      ])
    #expect(keys(.nonisolatedUnsafe).count == 2)
    #expect(keys(.classWithLock) == ["actor Counter {"])
    #expect(keys(.task) == ["log.append(page)", "counts[page] = current + 1", "try check()"])
    let locked = mutants.first { $0.mutation == .classWithLock }?.source ?? ""
    #expect(locked.contains("final class Counter: @unchecked Sendable {"))
    #expect(locked.contains("lock.lock(); defer { lock.unlock() }"))
  }

  @Test func splitsACompoundAssignmentAroundASuspension() {
    #expect(
      Mutator.splittingCompoundAssignment("    counts[page, default: 0] += 1", of: ["counts"])
        == "    let read = counts[page, default: 0]; await Task.yield(); "
        + "counts[page, default: 0] = read + 1")
    #expect(Mutator.splittingCompoundAssignment("    total += 1", of: ["counts"]) == nil)
  }

  @Test func readsTheExplanationsOfEquivalentMutants() {
    let file = EquivalentMutants(
      text: """
        # Exercise 4

        ## swap: a ⇄ b

        Neither reads what the other writes.

        ## delete: c
        """)
    #expect(file.explanations["swap: a ⇄ b"] == "Neither reads what the other writes. ")
    #expect(file.explanations["delete: c"] == "")
  }

  @Test func rewritesAnExercisesTestsForAMutant() throws {
    let exercise = try #require(Exercise.all.first { $0.number == 4 })
    let text = """
      @testable import Exercise04

      @MainActor @Suite struct DraftStoreTests {}
      let file = SwiftCompiler.exerciseFile("04-detached-write", "DraftStore.swift")
      """
    let rewritten = MutantPackage.rewrite(text, of: exercise, for: "M04_007")
    #expect(!rewritten.contains("import Exercise04"))
    #expect(rewritten.contains("@MainActor @Suite struct M04_007_DraftStoreTests {}"))
    #expect(rewritten.contains("exerciseFile(\"M04_007\""))
  }
}
