// Signals reach the main-actor callback instead of ending the process, and stop() undoes it.

import Foundation
import Testing

@testable import TerminalUI

@MainActor
@Suite(.serialized, .timeLimit(.minutes(1))) struct TerminalSignalsTests {
  /// The handler address currently installed for `signal`.
  func disposition(of signal: Int32) -> Int {
    var action = sigaction()
    sigaction(signal, nil, &action)
    return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
  }

  @Test(arguments: TerminalSignal.allCases)
  func signalSentWithKillReachesTheCallback(_ kind: TerminalSignal) async throws {
    let before = disposition(of: kind.number)
    let (delivered, continuation) = AsyncStream.makeStream(of: TerminalSignal.self)
    let signals = try TerminalSignals { kind in
      MainActor.assertIsolated()
      continuation.yield(kind)
    }
    #expect(disposition(of: kind.number) != before)
    // The handler is installed before `init` returns, so even a signal this early is kept;
    // and it catches the signal, so a failure here cannot end the test runner.
    kill(getpid(), kind.number)
    var iterator = delivered.makeAsyncIterator()
    #expect(await iterator.next() == kind)
    signals.stop()
    #expect(!signals.isWatching)
    #expect(disposition(of: kind.number) == before)
  }

  @Test func stopPutsBackEveryPreviousDisposition() throws {
    let numbers = TerminalSignal.allCases.map(\.number)
    let before = numbers.map(disposition(of:))
    let signals = try TerminalSignals { _ in }
    #expect(zip(numbers, before).allSatisfy { disposition(of: $0) != $1 })
    signals.stop()
    signals.stop()
    #expect(numbers.map(disposition(of:)) == before)
  }

  @Test func watchesOnlyTheSignalsGiven() throws {
    let before = disposition(of: SIGINT)
    let signals = try TerminalSignals([.windowChanged]) { _ in }
    defer { signals.stop() }
    #expect(disposition(of: SIGINT) == before)
  }

  @Test func aBurstOfOneSignalIsOneCallAndOthersKeepTheirOrder() async throws {
    let (delivered, continuation) = AsyncStream.makeStream(of: TerminalSignal.self)
    let signals = try TerminalSignals([.windowChanged, .hangUp]) { continuation.yield($0) }
    defer { signals.stop() }
    // The handler as the kernel would run it, all before the main actor can read the pipe,
    // so they arrive as one batch (signals sent with `kill` may be handled later, on any
    // thread, and could split it).
    for _ in 0..<5 { SignalPipe.handler(SIGWINCH) }
    SignalPipe.handler(SIGHUP)
    SignalPipe.handler(SIGWINCH)
    var iterator = delivered.makeAsyncIterator()
    #expect(await iterator.next() == .windowChanged)
    #expect(await iterator.next() == .hangUp)
    signals.stop()
    continuation.finish()
    #expect(await iterator.next() == nil)
  }

  @Test func aSecondWatcherAfterTheFirstStoppedStillReceives() async throws {
    for round in 1...3 {
      let (delivered, continuation) = AsyncStream.makeStream(of: TerminalSignal.self)
      let signals = try TerminalSignals([.windowChanged]) { continuation.yield($0) }
      kill(getpid(), SIGWINCH)
      var iterator = delivered.makeAsyncIterator()
      #expect(await iterator.next() == .windowChanged, "round \(round)")
      signals.stop()
    }
  }
}
