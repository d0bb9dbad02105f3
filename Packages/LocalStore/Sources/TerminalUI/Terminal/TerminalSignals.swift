// Delivers SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP and SIGCONT to a main-actor callback.

import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns the signals in ``TerminalSignal`` into calls on the main actor.
///
/// Each signal gets a `sigaction` handler that only writes its number to the
/// `SignalPipe`; a `DispatchSource` reading the pipe on the main queue calls the callback.
/// So no signal ends the process while the terminal is in raw mode, and the callback may
/// touch view models and the session directly. ``stop()`` puts back the previous actions;
/// call it when done (the owner's `defer`), as nothing else does.
///
/// Not `DispatchSource.makeSignalSource`: on Linux, libdispatch installs its own forwarding
/// handler once per signal per process, when the first source is registered. Signals sent
/// before that registration are lost, and once ``stop()`` has put back the previous action,
/// no later source in the process receives the signal again (measured: a second watcher got
/// nothing after the first was stopped).
///
/// One watcher at a time per process: the pipe and the handlers are process-wide.
@MainActor public final class TerminalSignals {
  private let handler: @MainActor (TerminalSignal) -> Void
  private let watched: [TerminalSignal]
  private var source: (any DispatchSourceRead)?
  private var previousActions: [(signal: Int32, action: sigaction)] = []

  /// Starts watching `signals` at once and calls `handler` for each one delivered.
  ///
  /// - Throws: ``TerminalError/systemCallFailed(operation:reason:)`` when the pipe cannot be made.
  public init(
    _ signals: [TerminalSignal] = TerminalSignal.allCases,
    handler: @escaping @MainActor (TerminalSignal) -> Void
  ) throws(TerminalError) {
    self.handler = handler
    watched = signals
    let readEnd = try SignalPipe.readDescriptor()
    _ = SignalPipe.drain()  // Left over from an earlier watcher.
    let source = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: .main)
    source.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.deliverPendingSignals() }
    }
    source.resume()
    self.source = source
    for kind in signals {
      var action = sigaction()
      #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = SignalPipe.handler
      #else
        action.__sigaction_handler.sa_handler = SignalPipe.handler
      #endif
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      var previous = sigaction()
      sigaction(kind.number, &action, &previous)
      previousActions.append((kind.number, previous))
    }
  }

  /// Whether the signals are still being watched.
  public var isWatching: Bool { source != nil }

  /// Stops watching and puts back each signal's previous action. Safe to call twice.
  public func stop() {
    for (number, previous) in previousActions.reversed() {
      var action = previous
      sigaction(number, &action, nil)
    }
    previousActions = []
    source?.cancel()
    source = nil
  }

  /// Stops the process, as SIGTSTP's default action would have, and returns once it is
  /// continued.
  ///
  /// Call it after giving the terminal back on ``TerminalSignal/suspend``: the handler that
  /// delivered the signal kept it from stopping the process. It sends SIGSTOP, which no
  /// handler can catch (and which the kernel does not ignore in an orphaned process group, as
  /// it does SIGTSTP), so the shell sees its job stopped and `fg` continues it. `raise` sends
  /// it to this thread, which stops before the call returns; `kill` to the process could let
  /// this thread run on and take the terminal back before another thread began the stop.
  public static func suspendProcess() {
    raise(SIGSTOP)  // This thread, and the process, stop here until SIGCONT.
  }

  /// Calls the handler once for each watched signal that arrived since the last call, in the
  /// order they first arrived: a burst of SIGWINCH during a drag is one resize.
  private func deliverPendingSignals() {
    var delivered: [TerminalSignal] = []
    for number in SignalPipe.drain() {
      guard let kind = watched.first(where: { $0.number == number }),
        !delivered.contains(kind)
      else { continue }
      delivered.append(kind)
    }
    for kind in delivered where isWatching { handler(kind) }
  }
}
