// One run of the SyncDevice child, killed with SIGKILL after a random pause, and what it printed.

import Foundation
import LocalStoreTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one run of `SyncDevice churn` printed, and whether the kill cut it short.
struct KilledDevice {
  /// Its stdout, line by line.
  var lines: [String]
  /// Its stderr.
  var errors: String
  /// Whether SIGKILL ended it (else it finished first).
  var wasKilled: Bool
  /// The exit status when it was not killed.
  var status: Int32

  /// Runs `SyncDevice churn` on `folder` against the fixture's server and kills it after
  /// `pause` (unless it finished first).
  static func run(
    folder: URL, fixture: ServerFixture, seed: Int, edits: Int, pause: Duration
  ) async throws -> KilledDevice {
    let server = fixture.server
    let collection = fixture.collection
    return try await onOwnThread {
      let process = Process()
      process.executableURL = BuiltProducts.executable("SyncDevice")
      process.arguments = [
        "churn", folder.path, server.url.absoluteString, server.user, collection, String(seed),
        String(edits),
      ]
      process.environment = ChildProcess.environment(["SYNC_DEVICE_PASSWORD": server.password])
      let output = Pipe()
      let errors = Pipe()
      process.standardOutput = output
      process.standardError = errors
      try process.run()
      let (seconds, attoseconds) = pause.components
      usleep(useconds_t(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let killed =
        process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
      let text = String(
        decoding: (try? output.fileHandleForReading.readToEnd()) ?? Data(), as: UTF8.self)
      return KilledDevice(
        lines: text.split(separator: "\n").map(String.init),
        errors: String(
          decoding: (try? errors.fileHandleForReading.readToEnd()) ?? Data(), as: UTF8.self),
        wasKilled: killed, status: process.terminationStatus)
    }
  }
}
