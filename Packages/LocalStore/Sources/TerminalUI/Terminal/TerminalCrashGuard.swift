// Restores the terminal when the process crashes, then hands the crash to the previous handler.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Signal handlers that put the terminal back before a crash is reported.
///
/// A crash in raw mode on the alternate screen would leave the shell unusable and hide the
/// crash message. For the signals in ``crashSignals`` the handler writes the restore
/// sequence with `write(2)`, puts back the saved `termios` with `tcsetattr(TCSANOW)` (never
/// blocking on output), puts back every previous action, and then calls the previous
/// handler with the same arguments, so Swift's backtracer still prints its report. If the
/// previous action was the default one, it re-raises the signal.
///
/// The handler only touches memory prepared by ``install(restoring:input:output:sequence:signals:)``
/// and calls async-signal-safe functions. There is one guard per process, for one terminal at
/// a time; ``TerminalSession`` installs and uninstalls it.
enum TerminalCrashGuard {
  /// The signals a crash is reported with.
  static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

  /// Everything the handler reads, allocated once and never freed, so that a handler running
  /// on another thread never sees it go away.
  nonisolated(unsafe) private static let storage: UnsafeMutablePointer<CrashGuardStorage> = {
    let storage = UnsafeMutablePointer<CrashGuardStorage>.allocate(capacity: 1)
    storage.initialize(to: CrashGuardStorage())
    return storage
  }()

  /// Whether the handlers are installed.
  @MainActor private(set) static var isInstalled = false

  /// Installs the handlers for `signals`, remembering the actions they replace.
  ///
  /// Called again while installed, it only updates what to restore, and keeps the actions
  /// first replaced, so that ``uninstall()`` still puts back the original ones.
  ///
  /// - Parameters:
  ///   - attributes: The `termios` to put back on `input`.
  ///   - input: The terminal's input descriptor, whose attributes are put back.
  ///   - output: The descriptor the reset sequence is written to.
  ///   - sequence: The bytes that reset the screen, written to `output`; at most
  ///     ``CrashGuardStorage/sequenceCapacity`` bytes.
  ///   - signals: The signals to guard; tests use harmless ones.
  @MainActor static func install(
    restoring attributes: termios, input: Int32, output: Int32, sequence: [UInt8],
    signals: [Int32] = crashSignals
  ) {
    precondition(sequence.count <= CrashGuardStorage.sequenceCapacity, "restore sequence too long")
    precondition(signals.count <= CrashGuardStorage.signalCapacity, "too many signals")
    // Every global the handler reads is initialised here, before the handler can run.
    let state = storage
    state.pointee.input = input
    state.pointee.output = output
    state.pointee.attributes = attributes
    state.pointee.sequence.update(from: sequence, count: sequence.count)
    state.pointee.sequenceCount = sequence.count
    state.pointee.hasRestored = 0
    guard !isInstalled else { return }
    var action = sigaction()
    setHandler(of: &action) { signal, info, context in
      TerminalCrashGuard.handle(signal, info, context)
    }
    sigemptyset(&action.sa_mask)
    // SA_RESETHAND does not fit in Int32 on Linux (0x80000000): build it from its bits.
    action.sa_flags =
      SA_SIGINFO | SA_ONSTACK | Int32(truncatingIfNeeded: SA_RESETHAND)
    for (index, signal) in signals.enumerated() {
      state.pointee.signals[index] = signal
      sigaction(signal, &action, state.pointee.previousActions + index)
    }
    state.pointee.signalCount = signals.count
    isInstalled = true
  }

  /// Puts back the actions the handlers replaced. Does nothing when not installed.
  @MainActor static func uninstall() {
    guard isInstalled else { return }
    restorePreviousActions()
    storage.pointee.signalCount = 0
    isInstalled = false
  }

  /// The signal handler: restores the terminal once, then chains to the previous action.
  private static func handle(
    _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
  ) {
    let state = storage
    if state.pointee.hasRestored == 0 {
      state.pointee.hasRestored = 1
      _ = write(state.pointee.output, state.pointee.sequence, state.pointee.sequenceCount)
      _ = tcsetattr(state.pointee.input, TCSANOW, &state.pointee.attributes)
    }
    var index = 0
    while index < state.pointee.signalCount && state.pointee.signals[index] != signal {
      index += 1
    }
    guard index < state.pointee.signalCount else { return }
    var previous = state.pointee.previousActions[index]
    restorePreviousActions()
    chain(to: &previous, signal, info, context)
  }

  /// Puts back the saved action of every guarded signal.
  private static func restorePreviousActions() {
    let state = storage
    var index = 0
    while index < state.pointee.signalCount {
      sigaction(state.pointee.signals[index], state.pointee.previousActions + index, nil)
      index += 1
    }
  }
}
