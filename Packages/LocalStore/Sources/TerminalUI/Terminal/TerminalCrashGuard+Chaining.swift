// How TerminalCrashGuard reads and calls a `sigaction`'s handler on each platform.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `sigaction` handler that takes the signal's information and context.
typealias SignalInfoHandler =
  @convention(c) (
    Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?
  ) -> Void

/// What the crash handler needs, kept in memory prepared before it can run.
struct CrashGuardStorage {
  /// The most bytes the restore sequence may have.
  static let sequenceCapacity = 256
  /// The most signals one guard may cover.
  static let signalCapacity = 16

  /// The descriptor whose attributes are put back.
  var input: Int32 = -1
  /// The descriptor the restore sequence is written to.
  var output: Int32 = -1
  /// The attributes to put back.
  var attributes = termios()
  /// The restore sequence, `sequenceCount` bytes.
  var sequence = UnsafeMutablePointer<UInt8>.allocate(capacity: sequenceCapacity)
  /// How many bytes of `sequence` are used.
  var sequenceCount = 0
  /// The guarded signals, `signalCount` of them.
  var signals = UnsafeMutablePointer<Int32>.allocate(capacity: signalCapacity)
  /// The action each guarded signal had before, at the same index.
  var previousActions: UnsafeMutablePointer<sigaction> = {
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: signalCapacity)
    actions.initialize(repeating: sigaction(), count: signalCapacity)
    return actions
  }()
  /// How many signals are guarded.
  var signalCount = 0
  /// Set once the terminal has been restored by a handler, so it is done only once.
  var hasRestored: Int32 = 0
}

extension TerminalCrashGuard {
  /// Sets `action`'s handler to one that takes the signal's information.
  static func setHandler(of action: inout sigaction, _ handler: SignalInfoHandler) {
    #if canImport(Darwin)
      action.__sigaction_u.__sa_sigaction = handler
    #else
      action.__sigaction_handler.sa_sigaction = handler
    #endif
  }

  /// Hands a signal to a previous action as if it had been delivered there.
  ///
  /// A handler with `SA_SIGINFO` gets the same information and context; a plain handler
  /// gets the signal number; the default action is taken by re-raising the signal (the
  /// default action is back in place, and the signal is delivered when this handler
  /// returns); an ignored signal is dropped.
  static func chain(
    to previous: inout sigaction, _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?,
    _ context: UnsafeMutableRawPointer?
  ) {
    #if canImport(Darwin)
      let infoHandler = previous.__sigaction_u.__sa_sigaction
      let plainHandler = previous.__sigaction_u.__sa_handler
    #else
      let infoHandler = previous.__sigaction_handler.sa_sigaction
      let plainHandler = previous.__sigaction_handler.sa_handler
    #endif
    if previous.sa_flags & SA_SIGINFO != 0, let infoHandler {
      infoHandler(signal, info, context)
      return
    }
    switch unsafeBitCast(plainHandler, to: Int.self) {
    case unsafeBitCast(SIG_DFL, to: Int.self):
      raise(signal)
    case unsafeBitCast(SIG_IGN, to: Int.self):
      return
    default:
      plainHandler?(signal)
    }
  }
}
