// Checks what the watch mode draws for each state, and where it moves after a pass.

import TerminalUI
import Testing

@testable import PracticeKit

@MainActor @Suite struct WatchScreenTests {
  func state(current: Int = 1, passed: [Int] = []) -> WatchState {
    var states = Dictionary(
      uniqueKeysWithValues: Exercise.all.map { ($0.number, ExerciseProgress.State.pending) })
    for number in passed { states[number] = .passed }
    return WatchState(current: Exercise.all[current - 1], states: states)
  }

  @Test func opensOnTheExerciseWithItsTextAndKeys() {
    let state = state()
    let lines = WatchScreen.frame(for: state).lines
    #expect(lines[0] == " Practice: 0 of 12 pass")
    #expect(lines[2] == " Exercise 1 of 12: A class and a lock become an actor")
    #expect(lines.contains { $0.contains("Read: Docs/LocalStore.docc/DesignDecisions.md") })
    #expect(lines.contains(" Not run yet: save the file, or press r."))
    #expect(lines[23] == " " + WatchScreen.keys)
  }

  @Test func failureIsShownBrieflyUnderTheText() {
    let state = state(current: 2)
    let failure = FailureSummary(
      stage: .test, location: "NoteStoreTests.swift:31",
      message: "a damaged notes.json opened as an empty store: init must throw",
      details: ["Expectation failed: an error was expected but none was thrown"])
    state.status = .finished(.failed(failure), seconds: 2.44)
    let lines = WatchScreen.frame(for: state).lines
    let headline = lines.firstIndex(of: " ✗ Fails (2.4 s):")
    #expect(headline != nil)
    if let headline {
      #expect(lines[headline + 1].hasPrefix("   NoteStoreTests.swift:31: a damaged notes.json"))
    }
  }

  @Test func buildFailureSaysSo() {
    let state = state(current: 2)
    let failure = FailureSummary(
      stage: .build, location: "NoteStore.swift:25", message: "cannot find 'dat' in scope")
    state.status = .finished(.failed(failure), seconds: 1.6)
    let lines = WatchScreen.frame(for: state).lines
    #expect(lines.contains(" ✗ Does not build (1.6 s):"))
    #expect(lines.contains("   NoteStore.swift:25: cannot find 'dat' in scope"))
  }

  @Test func hintsAppearOneAtATime() {
    let state = state()
    state.hintsShown = 1
    let one = WatchScreen.frame(for: state).lines
    let opening = " Hint 1: " + Exercise.all[0].hints[0].prefix(19)
    #expect(one.contains { $0.hasPrefix(opening) })
    #expect(!one.contains { $0.hasPrefix(" Hint 2:") })
    state.hintsShown = 2
    #expect(WatchScreen.frame(for: state).lines.contains { $0.hasPrefix(" Hint 2:") })
  }

  @Test func listShowsEveryStateAndTheSelection() {
    let state = state(current: 3, passed: [1, 2])
    state.showsList = true
    let frame = WatchScreen.frame(for: state)
    let lines = frame.lines
    #expect(lines[0] == " Practice: 2 of 12 pass")
    #expect(lines.contains("  1  ✓ passed   A class and a lock become an actor"))
    let selected = lines.firstIndex { $0.hasPrefix("  3  · to do") }
    #expect(selected != nil)
    if let selected { #expect(frame[selected, 5].style.isReversed) }
  }

  @Test func nextUnfinishedSkipsPassedAndWrapsAround() {
    #expect(state(current: 1, passed: [2, 3]).nextUnfinished?.number == 4)
    #expect(state(current: 12, passed: [1]).nextUnfinished?.number == 2)
    #expect(state(current: 12, passed: Array(1...11)).nextUnfinished == nil)
  }

  @Test func neighbourStaysWithinTheCourse() {
    #expect(state(current: 1).neighbour(-1).number == 1)
    #expect(state(current: 12).neighbour(1).number == 12)
    #expect(state(current: 5).neighbour(1).number == 6)
  }
}
