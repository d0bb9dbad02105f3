// The StoreWriter child program, which stores the tests' own Note, and the helpers of the
// tests that run it.

import Foundation
import LocalStoreTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The built `StoreWriter` child program.
var storeWriter: URL { BuiltProducts.executable("StoreWriter") }

/// The ids of the `ack <UUID>` lines of a writer's output, in order; other lines are ignored.
func acknowledgedIDs(in output: String) -> [UUID] {
  output.split(separator: "\n").compactMap { line in
    line.hasPrefix("ack ") ? UUID(uuidString: String(line.dropFirst(4))) : nil
  }
}

/// A `StoreWriter save` child that a test can kill at any moment, reading its
/// acknowledgements as they arrive.
final class KillableWriter {
  /// How a killed or finished writer ended.
  struct Outcome: Sendable {
    /// Whether SIGKILL (or another signal) ended it.
    var wasKilled: Bool
    /// Its exit status, or the signal number when killed.
    var status: Int32
    /// Every id it acknowledged, in order.
    var acknowledged: [UUID]
    /// What it wrote to standard error.
    var standardError: String
  }

  private let process = Process()
  private let output = Pipe()
  private let errors = Pipe()
  private var received = Data()

  /// Starts `StoreWriter <mode> <folder> <count> <prefix>`, `mode` being `save` or
  /// `save-relaxed`.
  init(folder: URL, count: Int, prefix: String, mode: String = "save") throws {
    process.executableURL = storeWriter
    process.arguments = [mode, folder.path, String(count), prefix]
    process.environment = ChildProcess.environment([:])
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = errors
    try process.run()
  }

  /// Blocks until `count` acknowledgements have been read or the writer closed its output.
  func waitForAcknowledgements(_ count: Int) {
    while acknowledgementCount < count {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { return }  // End of output: the writer is gone.
      received.append(chunk)
    }
  }

  /// Sends SIGKILL unless the writer already ended.
  func killNow() {
    guard process.isRunning else { return }
    _ = kill(process.processIdentifier, SIGKILL)
  }

  /// Waits for the writer to end and collects the rest of its output.
  func finish() throws -> Outcome {
    process.waitUntilExit()
    received.append(try output.fileHandleForReading.readToEnd() ?? Data())
    let standardError = try errors.fileHandleForReading.readToEnd() ?? Data()
    return Outcome(
      wasKilled: process.terminationReason == .uncaughtSignal,
      status: process.terminationStatus,
      acknowledged: acknowledgedIDs(in: String(decoding: received, as: UTF8.self)),
      standardError: String(decoding: standardError, as: UTF8.self))
  }

  private var acknowledgementCount: Int {
    received.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
  }
}
