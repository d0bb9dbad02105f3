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
}

/// Starts commands with standard input on `/dev/null` (so a child never reads the terminal
/// the watch mode owns) and their output in a temporary file (so no pipe fills up).
enum ChildProcess {
  /// Runs `arguments` (the first found on `PATH`) in `directory`, and returns when it ends.
  /// Cancelling the calling task sends the child SIGTERM.
  static func run(_ arguments: [String], in directory: URL) async throws -> ChildProcessResult {
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
    let status = await withTaskCancellationHandler {
      var statuses = ends.makeAsyncIterator()
      return await statuses.next() ?? 143
    } onCancel: {
      kill(identifier, SIGTERM)
    }
    try? output.close()
    let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    return ChildProcessResult(status: status, output: text)
  }
}
