// Child processes that crash in full-screen mode: the terminal comes back in cooked mode on
// the main screen, and the crash still reaches the previous handler or the default action.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import TerminalUI

@Suite struct CrashRestoreExitTests {
  /// The signal `fatalError` traps with.
  #if arch(x86_64)
    static let trapSignal = SIGILL
  #else
    static let trapSignal = SIGTRAP
  #endif

  /// Checks what a crashed child left on `pair`: the session's enter sequence, then the
  /// restore sequence, and the attributes the terminal had before.
  func expectRestored(_ pair: PseudoTerminalPair, to original: TerminalModes) throws {
    let received = try pair.read(until: TerminalSession.restoreSequence)
    #expect(received.starts(with: TerminalSession.enterSequence))
    #expect(TerminalModes(try pair.attributes()) == original)
    var screen = ScreenEmulator()
    screen.feed(received)
    #expect(!screen.isAlternateScreenActive)
    #expect(screen.isCursorVisible)
  }

  @Test func fatalErrorInFullScreenRestoresTheTerminalAndDiesOfTheSignal() async throws {
    let pair = try PseudoTerminalPair()
    let original = TerminalModes(try pair.attributes())
    await #expect(processExitsWith: .signal(Self.trapSignal)) {
      [path = pair.terminalPath as String] in
      let terminal = open(path, O_RDWR | O_NOCTTY)
      try await MainActor.run {
        try TerminalSession(input: terminal, output: terminal).enter()
      }
      fatalError("crash in full-screen mode")
    }
    try expectRestored(pair, to: original)
  }

  /// A way to crash, and the signal it crashes with.
  enum Crash: String, CaseIterable, Codable, Sendable {
    /// A write through a bad pointer: SIGSEGV, raised again by the CPU if not handled.
    case badPointer
    /// `abort()`: SIGABRT sent once, so it only reaches the previous handler if chained.
    case abort

    var signal: Int32 { self == .badPointer ? SIGSEGV : SIGABRT }
  }

  @Test(arguments: Crash.allCases)
  func crashReachesThePreviousHandlerWithItsInformation(_ crash: Crash) async throws {
    let pair = try PseudoTerminalPair()
    let original = TerminalModes(try pair.attributes())
    // The previous handler, like Swift's backtracer, exits with 100 + the signal it was told.
    await #expect(processExitsWith: .exitCode(100 + crash.signal)) {
      [path = pair.terminalPath as String, crash = crash as Crash] in
      var previous = sigaction()
      previous.__sigaction_handler.sa_sigaction = { _, info, _ in
        _exit(100 + (info?.pointee.si_signo ?? 0))
      }
      previous.sa_flags = SA_SIGINFO
      sigaction(crash.signal, &previous, nil)
      let terminal = open(path, O_RDWR | O_NOCTTY)
      try await MainActor.run {
        try TerminalSession(input: terminal, output: terminal).enter()
      }
      switch crash {
      case .badPointer: UnsafeMutablePointer<Int>(bitPattern: 0x10)?.pointee = 1
      case .abort: abort()
      }
    }
    try expectRestored(pair, to: original)
  }
}
