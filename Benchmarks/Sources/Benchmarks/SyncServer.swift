// A real Kinto for the sync rows, started and stopped by the store package's scripts/sync-server.

import Foundation

/// A Kinto server on loopback, in memory or on a PostgreSQL of its own, with a development
/// account: what `make sync-server` starts, here in the run's scratch folder.
///
/// The script installs the pinned Kinto and its Python client (`kinto-http`) into a virtual
/// environment under the store package's build folder the first time (python3 with venv and
/// PyPI); when it cannot, ``start(backend:in:)`` throws with the script's own sentence, and
/// the sync rows say so instead of a figure.
struct SyncServer {
  /// The API root, e.g. `http://127.0.0.1:41234/v1`.
  let url: URL
  let user: String
  let password: String
  /// The Python of the virtual environment that holds Kinto and kinto-http.
  let python: URL
  private let script: URL
  private let environment: [String: String]

  /// The store package's folder: under `make bench` the current folder is the repository's.
  static var storePackage: URL {
    URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
      .appendingPathComponent("Packages/LocalStore", isDirectory: true)
  }

  /// Starts a server with `backend` (`memory` or `postgresql`) whose state lives in `folder`.
  static func start(backend: String, in folder: URL) throws -> SyncServer {
    let script = storePackage.appendingPathComponent("scripts/sync-server")
    var environment = ProcessInfo.processInfo.environment
    environment["BACKEND"] = backend
    environment["STATE_DIR"] = folder.path
    environment["WATCH_PID"] = String(ProcessInfo.processInfo.processIdentifier)
    let output = try run(script, ["start"], environment: environment)
    var values: [String: String] = [:]
    for line in output.split(separator: "\n") {
      let parts = line.split(separator: "=", maxSplits: 1)
      if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
    }
    guard let address = values["url"], let url = URL(string: address), let user = values["user"],
      let password = values["password"]
    else {
      throw BenchmarkError.syncServer("scripts/sync-server printed no url, user and password")
    }
    let python = storePackage.appendingPathComponent(".build/kinto-venv/bin/python")
    return SyncServer(
      url: url, user: user, password: password, python: python, script: script,
      environment: environment)
  }

  /// Stops the server and removes its files.
  func stop() {
    _ = try? Self.run(script, ["stop"], environment: environment)
  }

  /// Runs `executable` with `arguments`, and returns its standard output; throws with its
  /// standard error's last line when it fails.
  static func run(
    _ executable: URL, _ arguments: [String], environment: [String: String]
  )
    throws -> String
  {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = environment
    let output = Pipe()
    // Standard error goes to a file: read through a second pipe after the first, a program
    // that wrote more than a pipe holds there would wait forever.
    let errorsFile = FileManager.default.temporaryDirectory
      .appendingPathComponent("benchmarks-\(UUID().uuidString).stderr")
    _ = FileManager.default.createFile(atPath: errorsFile.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errorsFile) }
    let errors = try FileHandle(forWritingTo: errorsFile)
    defer { try? errors.close() }
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let complaint = (try? Data(contentsOf: errorsFile)) ?? Data()
    guard process.terminationStatus == 0 else {
      let last =
        String(decoding: complaint, as: UTF8.self)
        .split(separator: "\n").last.map(String.init) ?? "no message"
      throw BenchmarkError.syncServer(
        "\(executable.lastPathComponent) \(arguments.first ?? "") failed: \(last)")
    }
    return String(decoding: printed, as: UTF8.self)
  }
}
