// Checks exercise 1: the counter compiles as an actor whose state the compiler checks, and a
// thousand visits recorded at once are a thousand.

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

  /// The property the actor protects: no visit is lost. A thousand tasks record at once, so
  /// that a suspension point between reading a count and writing it back (an `await` in
  /// `record`) lets them all read the same count.
  @Test func countsEveryVisitOfAThousandAtOnce() throws {
    let result = try SwiftCompiler.run(
      file,
      main: """
        @main struct Visits {
          static func main() async {
            let counter = VisitCounter()
            await withTaskGroup(of: Void.self) { group in
              for _ in 0..<1_000 { group.addTask { await counter.record("home") } }
            }
            print(await counter.count(for: "home"))
          }
        }
        """)
    try #require(result.succeeded, "VisitCounter.swift does not build: \(result.firstError ?? "")")
    let counted = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(
      counted == "1000",
      """
      1,000 visits had been recorded and \(counted) were counted: no record may read the \
      count, suspend, and write back a stale one
      """)
  }
}
