// Checks the command line: each command parses, and bad input gets a clear error.

import Testing

@testable import PracticeKit

@Suite struct PracticeCommandTests {
  @Test func noArgumentsIsTheWatchMode() throws {
    #expect(try PracticeCommand.parse([]) == .watch)
  }

  @Test func commandsWithANumber() throws {
    let second = Exercise.all[1]
    #expect(try PracticeCommand.parse(["hint", "2"]) == .hint(second))
    #expect(try PracticeCommand.parse(["reset", "02"]) == .reset(second))
    #expect(try PracticeCommand.parse(["run", "12"]) == .run(Exercise.all[11]))
    #expect(try PracticeCommand.parse(["list"]) == .list)
    #expect(try PracticeCommand.parse(["verify"]) == .verify(nil))
    #expect(try PracticeCommand.parse(["verify", "11"]) == .verify(Exercise.all[10]))
  }

  @Test(arguments: [
    ["hint"], ["run", "1", "2"], ["list", "3"], ["verify", "1", "2"], ["frobnicate"],
  ])
  func badUsageIsAUsageError(arguments: [String]) {
    #expect {
      _ = try PracticeCommand.parse(arguments)
    } throws: { error in
      guard case PracticeError.usage(let message) = error else { return false }
      return message.contains("usage: practice")
    }
  }

  @Test(arguments: ["0", "13", "two", "-1"])
  func unknownExerciseIsNamed(text: String) {
    #expect(throws: PracticeError.noSuchExercise(text)) {
      _ = try PracticeCommand.parse(["run", text])
    }
  }

  @Test func catalogIsNumberedInOrderWithTwoHintsEach() {
    #expect(Exercise.all.map(\.number) == Array(1...Exercise.all.count))
    #expect(Exercise.all.count >= 12)
    for exercise in Exercise.all {
      #expect(exercise.hints.count == 2, "exercise \(exercise.number)")
      #expect(exercise.folder.hasPrefix(exercise.paddedNumber + "-"))
    }
  }
}
