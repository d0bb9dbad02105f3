// Checks exercise 1: the counter compiles in Swift 6 mode as an actor, with no lock and no escape hatch.

import ExerciseSupport
import Foundation
import Testing

@Suite struct VisitCounterTests {
  let file = SwiftCompiler.exerciseFile("01-lock-to-actor", "VisitCounter.swift")

  @Test func compilesAsAnActor() throws {
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
      "VisitCounter.swift does not compile as an actor: \(result.firstError ?? "no error line")")
  }

  @Test func keepsNoLockAndNoEscapeHatch() throws {
    let text = try String(contentsOf: file, encoding: .utf8)
    let switchesCheckOff = text.contains("@unchecked")
    let keepsALock = text.contains("NSLock")
    #expect(!switchesCheckOff, "@unchecked Sendable switches the compiler's check off")
    #expect(!keepsALock, "the actor guards its state: the lock is no longer needed")
  }
}
