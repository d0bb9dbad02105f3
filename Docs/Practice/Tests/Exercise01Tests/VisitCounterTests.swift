// Checks exercise 1: the counter compiles as an actor whose state the compiler checks.

import ExerciseSupport
import Foundation
import Testing

@Suite struct VisitCounterTests {
  let file = SwiftCompiler.exerciseFile("01-lock-to-actor", "VisitCounter.swift")

  /// Uses the counter as callers of an actor do. `any Actor` needs an actor; each `await`
  /// needs an isolated method (on a `nonisolated` one the compiler warns that nothing is
  /// awaited, an error here); strict memory safety refuses `nonisolated(unsafe)` state.
  @Test func compilesAsAnActorWhoseStateTheCompilerChecks() throws {
    let result = try SwiftCompiler.check(
      file,
      usage: """
        func recordVisits(_ counter: VisitCounter) async {
          let _: any Actor = counter
          await counter.record("home")
          _ = await counter.count(for: "home")
        }
        """)
    #expect(
      result.succeeded,
      """
      VisitCounter.swift does not compile as an actor whose state is isolated: \
      \(result.firstError ?? "no error line")
      """)
  }
}
