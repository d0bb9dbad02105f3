// Starting a program with a pseudo-terminal as its controlling terminal, via posix_spawn.

import Foundation

extension PseudoTerminal {
  /// `POSIX_SPAWN_SETSID`, which Swift does not import (glibc defines it for `_GNU_SOURCE`).
  #if canImport(Darwin)
    static let setSessionFlag: Int32 = 0x0400
  #else
    static let setSessionFlag: Int32 = 0x80
  #endif

  /// Starts `executable` in a new session, with the terminal at `terminalPath` opened as its
  /// standard input and duplicated to standard output and error.
  ///
  /// Opening the terminal by path after `setsid` makes it the controlling terminal. Signals
  /// start at their defaults and unblocked, whatever this process (a test runner) changed,
  /// and descriptors other than 0-2 are closed.
  static func spawn(
    _ executable: URL, _ arguments: [String], environment: [String: String],
    terminalPath: String
  ) throws -> pid_t {
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t?
      var attributes: posix_spawnattr_t?
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, terminalPath, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var flags = setSessionFlag | Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)
    #if canImport(Darwin)
      flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
    #else
      closeDescriptors(from: 3, in: &actions)
    #endif
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in 1..<32 where signal != SIGKILL && signal != SIGSTOP {
      sigaddset(&defaults, Int32(signal))
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(flags))

    let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var processID = pid_t()
    let result = posix_spawn(&processID, executable.path, &actions, &attributes, argv, envp)
    guard result == 0 else {
      throw PseudoTerminalError.systemCall("posix_spawn \(executable.path)", errno: result)
    }
    return processID
  }

  #if !canImport(Darwin)
    /// Adds glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), looked up at
    /// run time because Swift does not import it; without it, stray descriptors stay open.
    private static func closeDescriptors(
      from lowest: Int32, in actions: inout posix_spawn_file_actions_t
    ) {
      typealias CloseFrom =
        @convention(c) (
          UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32
        ) -> Int32
      guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
      _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, lowest)
    }
  #endif
}
