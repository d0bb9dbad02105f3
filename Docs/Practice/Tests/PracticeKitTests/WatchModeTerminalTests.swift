// Runs the real `practice` executable in tmux: it opens on exercise 1, answers keys, and gives
// the terminal back when it quits.

import Foundation
import PracticeKit
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether tmux is installed; the suite is skipped without it.
let tmuxIsAvailable =
  FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")
  || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/tmux")
  || FileManager.default.isExecutableFile(atPath: "/opt/homebrew/bin/tmux")

@Suite(.enabled(if: tmuxIsAvailable, "needs tmux")) struct WatchModeTerminalTests {
  /// The `practice` executable, built beside the test bundle.
  let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("practice")

  @Test func opensOnExerciseOneAndRestoresTheTerminalOnQuit() async throws {
    try #require(FileManager.default.isExecutableFile(atPath: executable.path), "build first")
    let state = FileManager.default.temporaryDirectory
      .appendingPathComponent("practice-watch-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: state) }
    // A server of its own (`-L`), so the test never touches anyone else's tmux sessions.
    let session = "practice-\(UUID().uuidString.prefix(8))"
    let command =
      "PRACTICE_NO_RUN=1 PRACTICE_STATE_DIR='\(state.path)' SWIFT_BACKTRACE=enable=no "
      + "'\(executable.path)'; echo \"exit status $?\"; sleep 10"
    try tmux(
      ["new-session", "-d", "-s", session, "-x", "100", "-y", "30", command], socket: session)
    defer {
      _ = try? tmux(["kill-server"], socket: session)
      let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
      try? FileManager.default.removeItem(atPath: "\(folder)/tmux-\(getuid())/\(session)")
    }

    let opened = try await waitForScreen(session) { $0.contains("Exercise 1 of 12") }
    #expect(opened.contains("Practice: 0 of 12 pass"))
    #expect(opened.contains("Not run yet"))
    #expect(opened.contains("h hint"))

    try tmux(["send-keys", "-t", session, "h"], socket: session)
    let hinted = try await waitForScreen(session) { $0.contains("Hint 1:") }
    #expect(hinted.contains("Hint 1: " + Exercise.all[0].hints[0].prefix(19)))

    try tmux(["send-keys", "-t", session, "l"], socket: session)
    let listed = try await waitForScreen(session) { $0.contains("All exercises") }
    #expect(listed.contains("12  · to do"))

    try tmux(["send-keys", "-t", session, "q"], socket: session)
    let after = try await waitForScreen(session) { $0.contains("exit status") }
    #expect(after.contains("exit status 0"))
    // Back on the main screen: nothing of the full-screen mode is left on it.
    #expect(!after.contains("All exercises"))
  }

  /// Captures the pane until `condition` holds, for at most ten seconds.
  private func waitForScreen(
    _ session: String, until condition: (String) -> Bool
  ) async throws
    -> String
  {
    let deadline = ContinuousClock.now + .seconds(10)
    var screen = ""
    while ContinuousClock.now < deadline {
      screen = try tmux(["capture-pane", "-p", "-t", session], socket: session)
      if condition(screen) { return screen }
      try await Task.sleep(for: .milliseconds(50))
    }
    Issue.record("the screen never showed what was expected:\n\(screen)")
    return screen
  }

  /// Runs tmux and returns what it printed. Spawned and awaited with `posix_spawn` and
  /// `waitpid`, into a file: the server that `new-session` forks keeps inherited descriptors
  /// open, so a pipe would never end.
  @discardableResult
  private func tmux(_ arguments: [String], socket: String) throws -> String {
    let log = FileManager.default.temporaryDirectory
      .appendingPathComponent("practice-tmux-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: log) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, log.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ["tmux", "-L", socket] + arguments
    var cArguments = argv.map { strdup($0) } + [nil]
    defer { for argument in cArguments { free(argument) } }
    // The test's threads block most signals, and a child inherits the mask: a tmux server
    // started with it never sees SIGCHLD or SIGTERM. Start it with none blocked.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, "tmux", &actions, &attributes, &cArguments, environ)
    guard spawned == 0 else { throw CocoaError(.executableLoad) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    return (try? String(contentsOf: log, encoding: .utf8)) ?? ""
  }
}
