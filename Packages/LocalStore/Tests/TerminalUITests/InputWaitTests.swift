// Both ways a reading thread waits: poll(2), and select(2), which macOS needs for terminals.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import TerminalUI

@Suite(.timeLimit(.minutes(1))) struct InputWaitTests {
  /// Two pipes, as the reader has them: its input, and the wake-up pipe.
  final class Pipes {
    var input: [Int32] = [-1, -1]
    var wakeUp: [Int32] = [-1, -1]

    init() throws {
      try #require(pipe(&input) == 0)
      try #require(pipe(&wakeUp) == 0)
    }

    deinit {
      for descriptor in input + wakeUp { close(descriptor) }
    }
  }

  @Test(arguments: InputWait.allCases)
  func nothingToReadTimesOutAfterTheWait(wait: InputWait) throws {
    let pipes = try Pipes()
    let clock = ContinuousClock()
    let start = clock.now
    let outcome = wait.wait(input: pipes.input[0], wakeUp: pipes.wakeUp[0], milliseconds: 30)
    #expect(outcome == .timedOut)
    // A lower bound: the wait did not return early. Load can only make it longer.
    let waitedTheTimeout = clock.now - start >= .milliseconds(25)
    #expect(waitedTheTimeout)
  }

  @Test(arguments: InputWait.allCases)
  func bytesOnTheInputAreReported(wait: InputWait) throws {
    let pipes = try Pipes()
    try #require(write(pipes.input[1], "a", 1) == 1)
    #expect(wait.wait(input: pipes.input[0], wakeUp: pipes.wakeUp[0], milliseconds: -1) == .input)
  }

  @Test(arguments: InputWait.allCases)
  func aWakeUpWinsOverInput(wait: InputWait) throws {
    let pipes = try Pipes()
    try #require(write(pipes.input[1], "a", 1) == 1)
    try #require(write(pipes.wakeUp[1], "w", 1) == 1)
    #expect(wait.wait(input: pipes.input[0], wakeUp: pipes.wakeUp[0], milliseconds: -1) == .wakeUp)
  }

  @Test(arguments: InputWait.allCases)
  func aClosedWriteEndIsReadableSoTheReaderSeesEndOfFile(wait: InputWait) throws {
    let pipes = try Pipes()
    close(pipes.input[1])
    pipes.input[1] = -1
    #expect(
      wait.wait(input: pipes.input[0], wakeUp: pipes.wakeUp[0], milliseconds: 1_000) == .input)
  }

  @Test(arguments: InputWait.allCases)
  func aTerminalWithNothingTypedWaitsTheWholeTimeout(wait: InputWait) throws {
    let pair = try PseudoTerminalPair()
    var attributes = try pair.attributes()
    cfmakeraw(&attributes)  // a key is readable at once, not at the end of a line
    try #require(tcsetattr(pair.terminal, TCSANOW, &attributes) == 0)
    let pipes = try Pipes()
    let clock = ContinuousClock()
    let start = clock.now
    #expect(wait.wait(input: pair.terminal, wakeUp: pipes.wakeUp[0], milliseconds: 30) == .timedOut)
    // A lower bound, as above: on macOS `poll` returns at once on a terminal.
    let waitedTheTimeout = clock.now - start >= .milliseconds(25)
    #expect(waitedTheTimeout)
    try pair.send(bytes: Array("k".utf8))
    #expect(wait.wait(input: pair.terminal, wakeUp: pipes.wakeUp[0], milliseconds: 1_000) == .input)
  }

  @Test func aDescriptorBeyondWhatSelectCanWatchFallsBackToPoll() throws {
    let pipes = try Pipes()
    let number = Int32(FD_SETSIZE) + 10
    #if canImport(Glibc)
      let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
      let resource = RLIMIT_NOFILE
    #endif
    var limit = rlimit()
    #expect(getrlimit(resource, &limit) == 0)
    if limit.rlim_cur <= rlim_t(number) {  // macOS starts processes at 256
      limit.rlim_cur = min(limit.rlim_max, rlim_t(number) + 1)
      _ = setrlimit(resource, &limit)
    }
    let high = dup2(pipes.input[0], number)
    try #require(high == number, "no descriptor \(number): \(String(cString: strerror(errno)))")
    defer { close(high) }
    try #require(write(pipes.input[1], "a", 1) == 1)
    #expect(InputWait.select.wait(input: high, wakeUp: pipes.wakeUp[0], milliseconds: -1) == .input)
  }

  @Test func selectIsTheDefaultOnlyOnApplePlatforms() {
    #if canImport(Darwin)
      #expect(InputWait.platformDefault == .select)
    #else
      #expect(InputWait.platformDefault == .poll)
    #endif
  }
}
