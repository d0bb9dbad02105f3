// Runs a real program as a child process and captures its exit status and output.

import Foundation

/// The outcome of a finished child process.
public struct ChildProcessResult: Sendable {
  /// The exit code, or 128 + the signal number when a signal ended it.
  public var status: Int32
  /// Whether a signal ended the process.
  public var wasSignalled: Bool
  /// Everything it wrote to standard output, as UTF-8.
  public var standardOutput: String
  /// Everything it wrote to standard error, as UTF-8.
  public var standardError: String
}

/// Starts programs as child processes for end-to-end and crash tests.
public enum ChildProcess {
  /// The environment for a child process: this process's, plus `SWIFT_BACKTRACE=enable=no`
  /// (so that a crashing child does not wait for the backtracer), then `overrides`, where a
  /// `nil` value removes the variable.
  public static func environment(_ overrides: [String: String?]) -> [String: String] {
    var merged = ProcessInfo.processInfo.environment
    merged["SWIFT_BACKTRACE"] = "enable=no"
    for (key, value) in overrides { merged[key] = value }
    return merged
  }

  /// Runs `executable` with `arguments` to completion, waiting for it on a thread of its own.
  ///
  /// The wait is not on Swift's cooperative pool: on two cores the pool has two threads, and
  /// tests waiting there for child processes would hold back every other test of the run,
  /// until tests that wait on a deadline fail. At most one child per core runs through here
  /// at once (see `ChildProcessSlots`); a test that needs several at once starts them itself.
  ///
  /// - Parameters:
  ///   - executable: The program to run.
  ///   - arguments: Its arguments, not including its name.
  ///   - environment: Variables to set or override on top of this process's environment;
  ///     a `nil` value removes the variable.
  ///   - input: Bytes written to its standard input, which is then closed.
  public static func run(
    _ executable: URL, _ arguments: [String], environment: [String: String?] = [:],
    input: Data = Data()
  ) async throws -> ChildProcessResult {
    try await ChildProcessSlots.shared.withSlot {
      try await onOwnThread {
        try runBlocking(executable, arguments, environment: environment, input: input)
      }
    }
  }

  /// Runs `executable` with `arguments` to completion, blocking the calling thread: for code
  /// already on a thread of its own (see ``onOwnThread(_:)``).
  ///
  /// - Parameters:
  ///   - executable: The program to run.
  ///   - arguments: Its arguments, not including its name.
  ///   - environment: Variables to set or override on top of this process's environment;
  ///     a `nil` value removes the variable.
  ///   - input: Bytes written to its standard input, which is then closed.
  public static func runBlocking(
    _ executable: URL, _ arguments: [String], environment: [String: String?] = [:],
    input: Data = Data()
  ) throws -> ChildProcessResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = Self.environment(environment)
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    // Read both pipes on their own threads so a chatty child never blocks on a full pipe.
    let output = PipeReader(stdout.fileHandleForReading)
    let errors = PipeReader(stderr.fileHandleForReading)
    try stdin.fileHandleForWriting.write(contentsOf: input)
    try stdin.fileHandleForWriting.close()
    process.waitUntilExit()
    let signalled = process.terminationReason == .uncaughtSignal
    return ChildProcessResult(
      status: signalled ? 128 + process.terminationStatus : process.terminationStatus,
      wasSignalled: signalled,
      standardOutput: String(decoding: output.wait(), as: UTF8.self),
      standardError: String(decoding: errors.wait(), as: UTF8.self))
  }
}

/// Drains a pipe on a background thread.
private final class PipeReader: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var data = Data()  // Written by the reading thread before `done` is signalled.

  init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      data = (try? handle.readToEnd()) ?? Data()
      done.signal()
    }
  }

  func wait() -> Data {
    done.wait()
    return data
  }
}
