// scripts/fault-proxy in front of the suite's server: a queue of faults, one per request.

import Foundation
import LocalStoreTestSupport

/// A running fault-injecting proxy (scripts/fault-proxy) in front of a real server.
final class FaultProxy: Sendable {
  /// The proxy's API root, standing in for the server's.
  let url: URL
  private let folder: TemporaryDirectory
  private let pid: Int32
  private let input: FileHandle

  private var faultsFile: URL { folder.appending("faults") }

  /// Starts a proxy in front of `server`.
  init(in front: KintoTestServer) async throws {
    folder = try TemporaryDirectory(prefix: "FaultProxy")
    let process = Process()
    process.executableURL = KintoTestServer.scripts.appendingPathComponent("fault-proxy")
    process.arguments = [String(front.port), folder.appending("faults").path]
    let output = Pipe()
    let input = Pipe()
    process.standardOutput = output
    process.standardInput = input
    try process.run()
    pid = process.processIdentifier
    self.input = input.fileHandleForWriting
    let reader = output.fileHandleForReading
    let line = try await onOwnThread {
      var bytes = Data()
      while !bytes.contains(UInt8(ascii: "\n")) {
        let chunk = reader.availableData
        if chunk.isEmpty { break }
        bytes += chunk
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    let port = line.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let parsed = Int(port), let url = URL(string: "http://127.0.0.1:\(parsed)/v1") else {
      throw KintoTestServerError(message: "scripts/fault-proxy did not print its port: \(line)")
    }
    self.url = url
  }

  /// Queues `faults` for the next requests, one each (see scripts/fault-proxy), replacing any
  /// still queued.
  func inject(_ faults: [String]) throws {
    try Data(faults.map { $0 + "\n" }.joined().utf8).write(to: faultsFile)
  }

  /// Each request seen so far: "METHOD PATH fault".
  func requests() -> [String] {
    let text = (try? String(contentsOf: folder.appending("faults.log"), encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map(String.init)
  }

  deinit {
    kill(pid, SIGTERM)
    try? input.close()
  }
}
