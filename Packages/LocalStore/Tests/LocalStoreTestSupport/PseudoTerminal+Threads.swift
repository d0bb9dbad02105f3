// The pseudo-terminal's two threads: one reads the program's output, one waits for its exit.

import Foundation

extension PseudoTerminal {
  /// The screen and the facts a wait decides on, read together.
  func stateForWaiting() -> (ScreenSnapshot, Int, ExitStatus?, Bool) {
    state.read { ($0.emulator.snapshot, $0.version, $0.exit, $0.outputEnded) }
  }

  /// Waits until more output was applied than at `version`, or the output ended; false on
  /// time-out.
  func waitForChange(after version: Int, until deadline: ContinuousClock.Instant) -> Bool {
    state.wait(until: deadline) { $0.version != version || $0.outputEnded ? true : nil } != nil
  }

  /// Starts the thread that feeds the controller's output into the emulator until end of
  /// file, `EIO` (the terminal side closed) or a byte on `wake`.
  static func startReader(pair: PseudoTerminalPair, state: Guarded<State>, wake: Int32) {
    let thread = Thread {
      var buffer = [UInt8](repeating: 0, count: 16_384)
      var descriptors = [
        pollfd(fd: pair.controller, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
      ]
      reading: while true {
        guard poll(&descriptors, 2, -1) >= 0 else {
          if errno == EINTR { continue }
          break
        }
        if descriptors[1].revents != 0 { break }
        let count = read(pair.controller, &buffer, buffer.count)
        switch count {
        case 1...:
          state.withLock { current in
            current.rawOutput += buffer[0..<count]
            current.emulator.feed(buffer[0..<count])
            current.version += 1
          }
        case 0:
          break reading
        default:
          if errno == EINTR || errno == EAGAIN { continue }
          break reading
        }
      }
      state.withLock { $0.outputEnded = true }
    }
    thread.name = "PseudoTerminal.reader"
    thread.start()
  }

  /// Starts the thread that waits for the program to exit, saves the terminal's attributes as
  /// it left them, then closes the terminal side so that reading ends after the last byte.
  static func startWaiter(processID: pid_t, pair: PseudoTerminalPair, state: Guarded<State>) {
    let thread = Thread {
      var status: Int32 = 0
      while waitpid(processID, &status, 0) < 0 && errno == EINTR {}
      let attributes = try? pair.attributes()
      let signal = status & 0x7F
      let exit =
        signal == 0
        ? ExitStatus(status: (status >> 8) & 0xFF, wasSignalled: false)
        : ExitStatus(status: 128 + signal, wasSignalled: true)
      state.withLock { current in
        current.exit = exit
        current.attributesAtExit = attributes
      }
      pair.closeTerminal()
      state.withLock { $0.isWaiterDone = true }
    }
    thread.name = "PseudoTerminal.waiter"
    thread.start()
  }
}
