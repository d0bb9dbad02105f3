// The crash guard restores the terminal and hands the signal on: in-process with harmless
// signals, and in child processes that really crash.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import TerminalUI

/// What the recording handlers saw; written only by handlers that run synchronously inside
/// `raise` on the test's own thread.
nonisolated(unsafe) private var recordedSignal: Int32 = 0
nonisolated(unsafe) private var recordedInfoSignal: Int32 = 0
nonisolated(unsafe) private var recordedCalls = 0

/// A plain handler that records its signal.
private let plainRecorder: @convention(c) (Int32) -> Void = { signal in
  recordedSignal = signal
  recordedCalls += 1
}

/// An `SA_SIGINFO` handler that records its signal and the one in its information.
private let infoRecorder: SignalInfoHandler = { signal, info, _ in
  recordedSignal = signal
  recordedInfoSignal = info?.pointee.si_signo ?? -1
  recordedCalls += 1
}

@MainActor
@Suite(.serialized) struct TerminalCrashGuardTests {
  let pair: PseudoTerminalPair
  /// The terminal's attributes before the test made it raw.
  let original: termios

  init() throws {
    pair = try PseudoTerminalPair()
    original = try pair.attributes()
    var raw = original
    cfmakeraw(&raw)
    try #require(tcsetattr(pair.terminal, TCSANOW, &raw) == 0)
    recordedSignal = 0
    recordedInfoSignal = 0
    recordedCalls = 0
  }

  /// The handler address installed for `signal`.
  func handlerAddress(of signal: Int32) -> Int {
    var action = sigaction()
    sigaction(signal, nil, &action)
    return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
  }

  /// Installs the guard for `signal` on the pair, to put back the original attributes.
  func installGuard(for signal: Int32) {
    TerminalCrashGuard.install(
      restoring: original, input: pair.terminal, output: pair.terminal,
      sequence: TerminalSession.restoreSequence, signals: [signal])
  }

  /// Raises `signal` on this thread with it unblocked, so its handler has run on return.
  func raiseHere(_ signal: Int32) {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, signal)
    var previousMask = sigset_t()
    pthread_sigmask(SIG_UNBLOCK, &set, &previousMask)
    raise(signal)
    pthread_sigmask(SIG_SETMASK, &previousMask, nil)
  }

  /// Checks that the terminal got the restore sequence and its original attributes back.
  func expectTerminalRestored() throws {
    let received = try pair.read(until: TerminalSession.restoreSequence)
    #expect(received == TerminalSession.restoreSequence)
    #expect(TerminalModes(try pair.attributes()) == TerminalModes(original))
  }

  @Test func uninstallPutsBackThePreviousAction() {
    signal(SIGUSR1, plainRecorder)
    defer { signal(SIGUSR1, SIG_DFL) }
    let recorder = handlerAddress(of: SIGUSR1)
    installGuard(for: SIGUSR1)
    #expect(TerminalCrashGuard.isInstalled)
    #expect(handlerAddress(of: SIGUSR1) != recorder)
    TerminalCrashGuard.uninstall()
    #expect(!TerminalCrashGuard.isInstalled)
    #expect(handlerAddress(of: SIGUSR1) == recorder)
    TerminalCrashGuard.uninstall()
    #expect(handlerAddress(of: SIGUSR1) == recorder)
  }

  @Test func installingAgainKeepsTheFirstPreviousAction() {
    signal(SIGUSR1, plainRecorder)
    defer { signal(SIGUSR1, SIG_DFL) }
    let recorder = handlerAddress(of: SIGUSR1)
    installGuard(for: SIGUSR1)
    installGuard(for: SIGUSR1)
    TerminalCrashGuard.uninstall()
    #expect(handlerAddress(of: SIGUSR1) == recorder)
  }

  @Test func handlerRestoresTheTerminalThenCallsAPlainPreviousHandler() throws {
    signal(SIGUSR1, plainRecorder)
    defer { signal(SIGUSR1, SIG_DFL) }
    let recorder = handlerAddress(of: SIGUSR1)
    installGuard(for: SIGUSR1)
    defer { TerminalCrashGuard.uninstall() }
    raiseHere(SIGUSR1)
    #expect(recordedCalls == 1)
    #expect(recordedSignal == SIGUSR1)
    try expectTerminalRestored()
    #expect(handlerAddress(of: SIGUSR1) == recorder, "the previous action is back in place")
  }

  @Test func handlerPassesTheSignalInformationToAnInformationHandler() throws {
    var action = sigaction()
    action.__sigaction_handler.sa_sigaction = infoRecorder
    action.sa_flags = SA_SIGINFO
    sigaction(SIGUSR2, &action, nil)
    defer { signal(SIGUSR2, SIG_DFL) }
    installGuard(for: SIGUSR2)
    defer { TerminalCrashGuard.uninstall() }
    raiseHere(SIGUSR2)
    #expect(recordedCalls == 1)
    #expect(recordedSignal == SIGUSR2)
    #expect(recordedInfoSignal == SIGUSR2)
    try expectTerminalRestored()
  }

  @Test func defaultPreviousActionIsPutBackAndTheSignalRaisedAgain() throws {
    // SIGURG's default action is to ignore it, so raising it again here is harmless.
    signal(SIGURG, SIG_DFL)
    installGuard(for: SIGURG)
    defer { TerminalCrashGuard.uninstall() }
    raiseHere(SIGURG)
    try expectTerminalRestored()
    #expect(handlerAddress(of: SIGURG) == unsafeBitCast(SIG_DFL, to: Int.self))
  }

  @Test func sessionGuardsCrashSignalsOnlyWhileEntered() throws {
    let before = TerminalCrashGuard.crashSignals.map(handlerAddress(of:))
    let session = TerminalSession(input: pair.terminal, output: pair.terminal)
    try session.enter()
    #expect(TerminalCrashGuard.isInstalled)
    let during = TerminalCrashGuard.crashSignals.map(handlerAddress(of:))
    #expect(zip(before, during).allSatisfy { $0 != $1 })
    session.restore()
    #expect(!TerminalCrashGuard.isInstalled)
    #expect(TerminalCrashGuard.crashSignals.map(handlerAddress(of:)) == before)
  }
}
