// Checks exercise 11: Composer.swift compiles in Swift 6 mode, with no check switched off.

import ExerciseSupport
import Foundation
import Testing

@Suite struct ComposerTests {
  let file = SwiftCompiler.exerciseFile("11-non-sendable", "Composer.swift")

  @Test func compilesInSwift6Mode() throws {
    let result = try SwiftCompiler.check(
      file,
      usage: """
        @MainActor func sendOne() async {
          let composer = Composer(outbox: Outbox())
          await composer.send()
        }
        """)
    #expect(
      result.succeeded,
      "Composer.swift does not compile in Swift 6 mode: \(result.firstError ?? "no error line")")
  }

  @Test func switchesNoCheckOff() throws {
    let text = try String(contentsOf: file, encoding: .utf8)
    for escapeHatch in ["@unchecked", "nonisolated(unsafe)", "@preconcurrency"] {
      let found = text.contains(escapeHatch)
      #expect(!found, "\(escapeHatch) hides the race instead of removing it")
    }
  }
}
