// Runs a command as a child process and collects what it printed, without blocking a thread.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One finished child process: its exit status and its output (stdout and stderr together).
public struct ChildProcessResult: Sendable {
  /// The exit status, or 128 plus the signal's number when a signal ended it.
  public var status: Int32
  /// What it wrote to standard output and standard error, interleaved.
  public var output: String
  /// Whether it was stopped because it ran past its time limit.
  public var timedOut = false
}

/// Starts commands with standard input on `/dev/null` (so a child never reads the terminal
/// the watch mode owns) and their output in a temporary file (so no pipe fills up).
enum ChildProcess {
  /// Runs `arguments` (the first found on `PATH`) in `directory`, and returns when it ends.
  /// After `timeLimit` it kills the child and everything it started (``ProcessTree``), and
  /// says so in the result. Cancelling the calling task sends them all SIGTERM.
  static func run(
    _ arguments: [String], in directory: URL, timeLimit: Duration? = nil
  ) async throws -> ChildProcessResult {
    let log = FileManager.default.temporaryDirectory
      .appendingPathComponent("practice-\(UUID().uuidString).log")
    try Data().write(to: log)
    defer { try? FileManager.default.removeItem(at: log) }
    let output = try FileHandle(forWritingTo: log)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = output
    let (ends, ending) = AsyncStream.makeStream(of: Int32.self)
    process.terminationHandler = { finished in
      let signalled = finished.terminationReason == .uncaughtSignal
      ending.yield((signalled ? 128 : 0) + finished.terminationStatus)
      ending.finish()
    }
    try process.run()
    let identifier = process.processIdentifier
    let timer = Task { () -> Bool in
      guard let timeLimit else { return false }
      do { try await Task.sleep(for: timeLimit) } catch { return false }
      ProcessTree.kill(identifier)
      return true
    }
    let status = await withTaskCancellationHandler {
      var statuses = ends.makeAsyncIterator()
      return await statuses.next() ?? 143
    } onCancel: {
      ProcessTree.kill(identifier, signal: SIGTERM)
    }
    timer.cancel()
    let killedByTimer = await timer.value && status == 128 + SIGKILL
    try? output.close()
    let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    return ChildProcessResult(status: status, output: text, timedOut: killedByTimer)
  }
}
