// A real Kinto server for one test suite, started and stopped by scripts/sync-server.

import Foundation

/// A Kinto server on a free loopback port, with a development account, for tests.
///
/// ``start(backend:paginateBy:batchMaxRequests:)`` runs the package's `scripts/sync-server
/// start` with a state folder of its own under the package's `.build/sync-test-servers/` (the
/// first run installs the pinned Kinto into `.build/kinto-venv`, which takes about a minute);
/// ``stop()`` stops it and removes that folder. The script also stops the server by itself
/// when this process is gone, so a crashed test run leaves nothing running.
public final class KintoTestServer: Sendable {
  /// Where the server keeps its data.
  public enum Backend: String, Sendable {
    /// In the Kinto process's memory.
    case memory
    /// In a PostgreSQL cluster the script creates and starts for this server.
    case postgresql
  }

  /// The API root, e.g. `http://127.0.0.1:41234/v1`.
  public let url: URL
  /// The development account's user name.
  public let user: String
  /// The development account's password.
  public let password: String
  /// The backend.
  public let backend: Backend
  private let stateDirectory: URL

  private init(url: URL, user: String, password: String, backend: Backend, stateDirectory: URL) {
    self.url = url
    self.user = user
    self.password = password
    self.backend = backend
    self.stateDirectory = stateDirectory
  }

  /// The store's package's `scripts` folder (this file is in `Sources/<module>/` of it), where
  /// `sync-server` and `fault-proxy` are: the package carries them wherever it is copied.
  public static let scripts = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scripts")

  /// The tool the server needs that is missing ("python3"), or `nil` when it can start.
  public static var missingTool: String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let found = path.split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/python3")
    }
    return found ? nil : "python3"
  }

  /// Starts a server: Kinto's page size `paginateBy` (nil: its default), its batch limit, and
  /// with `history` Kinto's history plugin, which records every write.
  public static func start(
    backend: Backend, paginateBy: Int? = nil, batchMaxRequests: Int = 25, history: Bool = false
  ) async throws -> KintoTestServer {
    let state = scripts.deletingLastPathComponent()
      .appendingPathComponent(
        ".build/sync-test-servers/\(UUID().uuidString.lowercased().prefix(8))")
    let password = "pw-\(UUID().uuidString.lowercased().prefix(12))"
    let result = try await ChildProcess.run(
      URL(fileURLWithPath: "/bin/bash"),
      [scripts.appendingPathComponent("sync-server").path, "start"],
      environment: [
        "STATE_DIR": state.path, "BACKEND": backend.rawValue,
        "PAGINATE_BY": paginateBy.map(String.init) ?? "",
        "BATCH_MAX_REQUESTS": String(batchMaxRequests), "HISTORY": history ? "1" : "",
        "SYNC_USER": "tester",
        "SYNC_PASSWORD": password, "WATCH_PID": String(getpid()),
      ])
    var fields: [String: String] = [:]
    for line in result.standardOutput.split(separator: "\n") {
      let parts = line.split(separator: "=", maxSplits: 1)
      if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
    }
    guard result.status == 0, let text = fields["url"], let url = URL(string: text) else {
      throw KintoTestServerError(
        message: "scripts/sync-server start failed (\(result.status)): \(result.standardError)")
    }
    return KintoTestServer(
      url: url, user: "tester", password: password, backend: backend, stateDirectory: state)
  }

  /// The server's port.
  public var port: Int { url.port ?? 0 }

  /// Runs `body` with a server of its own on `backend`, stopped after, whether `body` ends or
  /// throws.
  public static func with(
    backend: Backend, _ body: (KintoTestServer) async throws -> Void
  ) async throws {
    let server = try await start(backend: backend)
    do {
      try await body(server)
    } catch {
      await server.stop()
      throw error
    }
    await server.stop()
  }

  /// Stops the server and removes its files.
  public func stop() async {
    _ = try? await ChildProcess.run(
      URL(fileURLWithPath: "/bin/bash"),
      [Self.scripts.appendingPathComponent("sync-server").path, "stop"],
      environment: ["STATE_DIR": stateDirectory.path])
  }
}
