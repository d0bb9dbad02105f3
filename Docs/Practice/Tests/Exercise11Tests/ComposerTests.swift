// Checks exercise 11: Composer.swift compiles with the compiler's strictest checks, and the
// outbox keeps the message as it was sent, title and body, while the screen goes on editing.

import ExerciseSupport
import Foundation
import Testing

@Suite struct ComposerTests {
  let file = SwiftCompiler.exerciseFile("11-non-sendable", "Composer.swift")

  /// Swift 6 mode refuses to send the shared class; strict memory safety refuses
  /// `nonisolated(unsafe)` used to silence it.
  @Test func compilesWithTheStrictestChecks() throws {
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

  /// The property the compiler protects: what was sent is what the outbox holds, every field
  /// of the draft, whatever the screen does next. `@unchecked Sendable` compiles and breaks
  /// it; so does sending the body alone, which compiles and loses the title.
  @Test func theOutboxKeepsWhatWasSent() throws {
    let result = try SwiftCompiler.run(
      file,
      main: """
        @main @MainActor struct SendTwo {
          static func main() async {
            let outbox = Outbox()
            let composer = Composer(outbox: outbox)
            composer.draft.title = "Hello"
            composer.draft.body = "Dear Ada,"
            await composer.send()
            print(composer.draft.body.isEmpty ? "cleared" : "not cleared")
            composer.draft.title = "Thanks"
            composer.draft.body = "Dear Charles,"
            await composer.send()
            print(await outbox.titles().joined(separator: "|"))
            print(await outbox.bodies().joined(separator: "|"))
          }
        }
        """)
    try #require(result.succeeded, "Composer.swift does not build: \(result.firstError ?? "")")
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    try #require(lines.count >= 3, "the program printed \(lines.count) lines instead of 3")
    #expect(
      lines[0] == "cleared",
      "after send() the screen still shows the message just sent: send clears the draft")
    let bodies = lines[2]
    #expect(
      bodies == "Dear Ada,|Dear Charles,",
      """
      the outbox holds "\(bodies)" instead of the two messages sent: \
      the screen changed a draft after sending it, because both share one object
      """)
    let titles = lines[1]
    #expect(
      titles == "Hello|Thanks",
      """
      the outbox holds the titles "\(titles)" instead of "Hello|Thanks": \
      what crosses into the outbox must be the whole draft as it was sent, every field of it
      """)
  }
}
