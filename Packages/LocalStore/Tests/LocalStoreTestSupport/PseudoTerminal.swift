// Runs a program on a real pseudo-terminal and watches its screen, for end-to-end tests.

import Foundation

/// A program running on a pseudo-terminal of a given size, with a ``ScreenEmulator``
/// showing what it draws.
///
/// The program gets the terminal on file descriptors 0, 1 and 2 and as its controlling
/// terminal, in a session of its own, with default signal dispositions and an empty signal
/// mask; so Ctrl-C in cooked mode, SIGWINCH on resize and SIGHUP on close behave as in a real
/// terminal. The environment is this process's, plus `SWIFT_BACKTRACE=enable=no` and
/// `TERM=xterm-256color`, then the overrides given. A reader thread feeds everything the
/// program writes into the emulator; a waiter thread collects its exit status. Waits block
/// the calling thread with a deadline and never sleep for a fixed time.
///
/// ```swift
/// let terminal = try PseudoTerminal(
///   executable: BuiltProducts.executable("notes"), arguments: ["browse"], environment: [:])
/// try terminal.waitForText("Notes")
/// try terminal.send("q")
/// #expect(try terminal.waitForExit().status == 0)
/// ```
///
/// On deinit a program still running is killed with its process group.
public final class PseudoTerminal: Sendable {
  /// How a program on the terminal ended.
  public struct ExitStatus: Hashable, Sendable {
    /// The exit code, or 128 + the signal number when a signal ended it.
    public var status: Int32
    /// Whether a signal ended it.
    public var wasSignalled: Bool

    /// A status as ``PseudoTerminal/waitForExit(timeout:)`` reports it.
    public init(status: Int32, wasSignalled: Bool) {
      self.status = status
      self.wasSignalled = wasSignalled
    }
  }

  /// What the threads and the test share.
  struct State {
    var emulator: ScreenEmulator
    var rawOutput: [UInt8] = []
    /// Counts the chunks of output applied, so waits can tell that something changed.
    var version = 0
    var outputEnded = false
    var exit: ExitStatus?
    /// The terminal's attributes the moment the program had exited.
    var attributesAtExit: termios?
    var isWaiterDone = false
  }

  /// The program's process id, which is also its process group and session id.
  public let processID: pid_t
  private let pair: PseudoTerminalPair
  let state: Guarded<State>
  /// The pipe whose write end stops the reader thread.
  private let wake: (read: Int32, write: Int32)

  /// Starts `executable` on a new pseudo-terminal of `columns` by `rows` cells.
  ///
  /// - Parameter environment: Variables to set or override; a `nil` value removes one.
  public init(
    executable: URL, arguments: [String], environment: [String: String?] = [:],
    columns: Int = 80, rows: Int = 24
  ) throws {
    pair = try PseudoTerminalPair(columns: columns, rows: rows)
    initialAttributes = try pair.attributes()
    state = Guarded(State(emulator: ScreenEmulator(columns: columns, rows: rows)))
    let merged = ChildProcess.environment(
      ["TERM": "xterm-256color"].merging(environment) { _, given in given })
    var wake: [Int32] = [-1, -1]
    guard pipe(&wake) == 0 else { throw PseudoTerminalError.failed("pipe") }
    for descriptor in wake { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    do {
      processID = try Self.spawn(
        executable, arguments, environment: merged, terminalPath: pair.terminalPath)
    } catch {
      close(wake[0])
      close(wake[1])
      throw error
    }
    self.wake = (wake[0], wake[1])
    Self.startReader(pair: pair, state: state, wake: wake[0])
    Self.startWaiter(processID: processID, pair: pair, state: state)
  }

  /// The terminal's attributes before the program started, to compare with those it leaves.
  public let initialAttributes: termios

  /// The visible screen: rows without trailing spaces, joined by `"\n"`.
  public var screenText: String { screen.text }

  /// The visible screen with attributes, cursor and modes.
  public var screen: ScreenSnapshot { state.read { $0.emulator.snapshot } }

  /// Every byte the program has written so far.
  public var rawOutput: [UInt8] { state.read { $0.rawOutput } }

  /// Types `text` as UTF-8, as if from the keyboard (Enter is `"\r"`).
  public func send(_ text: String) throws {
    try pair.send(bytes: Array(text.utf8))
  }

  /// Types `bytes`, as if from the keyboard.
  public func send(bytes: [UInt8]) throws {
    try pair.send(bytes: bytes)
  }

  /// Changes the window size: the emulator's, the terminal's (`TIOCSWINSZ`), and sends
  /// SIGWINCH to the program (the kernel also sends it to the foreground process group).
  public func resize(columns: Int, rows: Int) throws {
    state.withLock { $0.emulator.resize(columns: columns, rows: rows) }
    try pair.setSize(columns: columns, rows: rows)
    try signal(SIGWINCH)
  }

  /// Sends `signal` to the program; does nothing once it has exited.
  public func signal(_ signal: Int32) throws {
    try state.read { current in
      guard current.exit == nil else { return }
      guard kill(processID, signal) == 0 else { throw PseudoTerminalError.failed("kill") }
    }
  }

  /// The terminal's `termios` now, or as the program left it once it has exited; to check
  /// that it gave back cooked mode.
  public func terminalAttributes() throws -> termios {
    if let saved = state.read({ $0.attributesAtExit }) { return saved }
    do {
      return try pair.attributes()
    } catch {
      // The waiter may have closed the terminal side in between; it saved them first.
      guard let saved = state.read({ $0.attributesAtExit }) else { throw error }
      return saved
    }
  }

  deinit {
    if state.read({ $0.exit == nil }) {
      kill(-processID, SIGKILL)
      kill(processID, SIGKILL)
    }
    let farAway = ContinuousClock.now + .seconds(60)
    _ = state.wait(until: farAway) { $0.isWaiterDone ? true : nil }
    var byte: UInt8 = 1
    _ = write(wake.write, &byte, 1)
    _ = state.wait(until: farAway) { $0.outputEnded ? true : nil }
    close(wake.read)
    close(wake.write)
  }
}
