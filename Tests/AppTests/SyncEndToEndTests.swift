// Two data folders that sync through a real Kinto with the `questions` binary: offline edits, convergence, a conflict, a folder carried over.

import Foundation
import LocalStoreTestSupport
import Models
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs with `SYNC_SERVER_TESTS=memory` or `postgresql` (`make check`), each test on a Kinto
/// of its own (the app's collection is always `questions`).
@Suite(
  .enabled(
    if: ProcessInfo.processInfo.environment["SYNC_SERVER_TESTS"] != nil
      && KintoTestServer.missingTool == nil,
    "runs against a real Kinto: set SYNC_SERVER_TESTS=memory or postgresql (make check does)"))
struct SyncEndToEndTests {
  /// One device: a data folder, and the binary run on it (the shared ``SyncingFolder``).
  struct Device {
    let syncing: SyncingFolder
    var folder: TemporaryDirectory { syncing.folder }

    init(_ name: String, server: KintoTestServer) throws {
      syncing = try SyncingFolder(
        "AppSync" + name,
        command: DataFolderCommand("questions", dataFolderVariable: "QUESTIONS_DATA_DIR"),
        passwordVariable: "QUESTIONS_SYNC_PASSWORD", server: server)
    }

    func run(_ arguments: [String], password: String? = nil) async throws -> ChildProcessResult {
      try await syncing.run(arguments, password: password)
    }

    /// The first sync, with everything given.
    func syncFirst() async throws -> ChildProcessResult { try await syncing.syncFirst() }

    /// A later sync, with nothing given.
    func sync() async throws -> ChildProcessResult { try await syncing.sync() }

    func add(_ prompt: String) async throws -> String {
      let result = try await run(["add", prompt, "--answer", "answer of " + prompt])
      try #require(result.status == 0, "\(result.standardError)")
      return result.standardOutput.trimmingCharacters(in: .newlines)
    }

    func questions() async throws -> [Question] {
      let result = try await run(["export", "--format", "json"])
      try #require(result.status == 0, "\(result.standardError)")
      return try JSONDecoder().decode([Question].self, from: Data(result.standardOutput.utf8))
        .sorted { $0.prompt < $1.prompt }
    }
  }

  static var backend: KintoTestServer.Backend {
    KintoTestServer.Backend(
      rawValue: ProcessInfo.processInfo.environment["SYNC_SERVER_TESTS"] ?? "") ?? .memory
  }

  /// Runs `body` with a server of its own, stopped after.
  func withServer(_ body: (KintoTestServer) async throws -> Void) async throws {
    try await KintoTestServer.with(backend: Self.backend, body)
  }

  @Test func twoFoldersEditingOfflineSyncInTurnAndConverge() async throws {
    try await withServer { server in
      let a = try Device("A", server: server)
      let b = try Device("B", server: server)
      let shared = try await a.add("shared")
      let doomed = try await a.add("to delete on b")
      #expect(try await a.syncFirst().status == 0)
      let first = try await b.syncFirst()
      #expect(first.status == 0, "\(first.standardError)")
      #expect(try await b.questions().map(\.prompt) == ["shared", "to delete on b"])

      // Offline: each edits, adds and deletes.
      #expect(try await a.run(["edit", shared, "--answer", "edited on a"]).status == 0)
      _ = try await a.add("new on a")
      _ = try await b.add("new on b")
      #expect(try await b.run(["delete", doomed]).status == 0)
      let pending = try await a.run(["sync", "--status", "--json"])
      let status = try #require(
        try JSONSerialization.jsonObject(with: Data(pending.standardOutput.utf8))
          as? [String: Any])
      #expect(status["pending"] as? Int == 2)
      #expect(status["server"] as? String == server.url.absoluteString)

      for device in [a, b, a] {
        let round = try await device.sync()
        #expect(round.status == 0, "\(round.standardError)")
      }
      let expected = try await a.questions()
      #expect(try await b.questions() == expected)
      #expect(expected.map(\.prompt) == ["new on a", "new on b", "shared"])
      #expect(expected.first { $0.prompt == "shared" }?.answer == "edited on a")

      // A third folder, starting empty, pulls everything.
      let c = try Device("C", server: server)
      #expect(try await c.syncFirst().status == 0)
      #expect(try await c.questions() == expected)

      // Remembered, owner-only, and the status says so.
      var info = stat()
      #expect(stat(a.folder.appending("sync.credentials").path, &info) == 0)
      #expect(info.st_mode & 0o777 == 0o600)
      let text = try await a.run(["sync", "--status"])
      #expect(text.standardOutput.contains("Pending changes: 0"))
      #expect(!text.standardOutput.contains("Last successful sync: never"))
    }
  }

  @Test func concurrentEditsAreAConflictOnTheSecondFolder() async throws {
    try await withServer { server in
      let a = try Device("A", server: server)
      let b = try Device("B", server: server)
      let id = try await a.add("contested")
      #expect(try await a.syncFirst().status == 0)
      #expect(try await b.syncFirst().status == 0)
      #expect(try await a.run(["edit", id, "--answer", "from a"]).status == 0)
      #expect(try await b.run(["edit", id, "--answer", "from b"]).status == 0)
      #expect(try await a.sync().status == 0)

      let second = try await b.sync()
      #expect(second.status == 1)
      #expect(second.standardError.contains("Conflict \(id.lowercased())"))
      // The line names what differs, both ways, not only the question.
      #expect(
        second.standardError.contains(
          "Answer here \"from b\", on the server \"from a\""), "\(second.standardError)")
      #expect(second.standardOutput.isEmpty)
      #expect(second.standardError.contains("changed here and on the server"))
      #expect(try await b.questions().first?.answer == "from b")
      let json = try await b.run(["sync", "--json"])
      let report = try #require(
        try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8))
          as? [String: Any])
      #expect((report["conflicts"] as? [Any])?.count == 1)
      #expect(report["pending"] as? Int == 1)
      #expect(try await b.run(["sync", "--status"]).standardOutput.contains("Conflicts: 1"))

      // Keep mine on b: sent over a's version, which a then pulls.
      let kept = try await b.run(["sync", "--keep", "mine", String(id.prefix(8))])
      #expect(kept.status == 0, "\(kept.standardError)")
      #expect(kept.standardError.contains("sent on the next sync"))
      #expect(try await b.sync().status == 0)
      #expect(try await a.sync().status == 0)
      #expect(try await a.questions().first?.answer == "from b")
      #expect(try await b.run(["sync", "--keep", "mine", id]).status == 1)
    }
  }

  @Test func keepingTheirsTakesTheServersVersionAndSendsNothing() async throws {
    try await withServer { server in
      let a = try Device("A", server: server)
      let b = try Device("B", server: server)
      let id = try await a.add("contested")
      #expect(try await a.syncFirst().status == 0)
      #expect(try await b.syncFirst().status == 0)
      #expect(try await b.run(["edit", id, "--answer", "from b"]).status == 0)
      #expect(try await a.run(["delete", id]).status == 0)
      #expect(try await a.sync().status == 0)
      #expect(try await b.sync().status == 1)
      #expect(try await b.run(["sync", "--keep", "theirs", id]).status == 0)
      #expect(try await b.questions().isEmpty)
      #expect(try await b.run(["sync", "--status"]).standardOutput.contains("Pending changes: 0"))
    }
  }

  @Test func aFolderWithQuestionsIsCarriedOverToTheSyncedStoreWhole() async throws {
    try await withServer { server in
      let a = try Device("A", server: server)
      var prompts: [String] = []
      for index in 0..<30 {
        prompts.append("question \(index)")
        _ = try await a.add(prompts.last ?? "")
      }
      let before = try await a.questions()
      let wrong = try await a.run(
        ["sync", "--server", server.url.absoluteString, "--user", server.user],
        password: "wrong-password")
      #expect(wrong.status == 1)
      #expect(wrong.standardError.contains("refused the user name or password"))
      #expect(
        !FileManager.default.fileExists(atPath: a.folder.appending("questions.store").path))

      let first = try await a.syncFirst()
      #expect(first.status == 0, "\(first.standardError)")
      #expect(first.standardError.contains("Moved 30 questions into the synced store"))
      let setting = try String(
        contentsOf: a.folder.appending("questions.store"), encoding: .utf8)
      #expect(setting.trimmingCharacters(in: .whitespacesAndNewlines) == "synced")
      #expect(try await a.questions() == before)
      #expect(FileManager.default.fileExists(atPath: a.folder.appending("questions.json").path))
      let b = try Device("B", server: server)
      #expect(try await b.syncFirst().status == 0)
      #expect(try await b.questions() == before)
    }
  }

  @Test func theFullScreenModeSyncsInTheBackgroundAndShowsTheState() async throws {
    let server = try await KintoTestServer.start(backend: Self.backend)
    let a = try Device("A", server: server)
    let b = try Device("B", server: server)
    _ = try await a.add("first on a")
    #expect(try await a.syncFirst().status == 0)
    let terminal = try PseudoTerminal(
      executable: BuiltProducts.executable("questions"),
      arguments: ["--data-dir", a.folder.url.path], columns: 80, rows: 24)
    try terminal.waitForScreen { $0.line(0).contains("synced · 1") }

    // B adds a question; another terminal on A adds one: A's screen syncs after the change
    // settles, and shows B's question with no key pressed.
    #expect(try await b.syncFirst().status == 0)
    _ = try await b.add("from b")
    #expect(try await b.sync().status == 0)
    _ = try await a.add("second on a")
    let synced = try terminal.waitForScreen {
      $0.text.contains("from b") && $0.line(0).contains("synced · 3")
    }
    #expect(synced.text.contains("second on a"))

    // The server goes away: the next change stays pending, and the screen says offline.
    await server.stop()
    _ = try await a.add("while offline")
    try terminal.waitForScreen { $0.line(0).contains("offline, 1 pending") }
    try terminal.send("q")
    #expect(try terminal.waitForExit() == PseudoTerminal.ExitStatus(status: 0, wasSignalled: false))
  }

  @Test func aServerThatGoesAwayLeavesTheChangePendingAndSaysSo() async throws {
    let server = try await KintoTestServer.start(backend: Self.backend)
    let a = try Device("A", server: server)
    _ = try await a.add("before")
    #expect(try await a.syncFirst().status == 0)
    await server.stop()
    _ = try await a.add("while the server is down")
    let down = try await a.sync()
    #expect(down.status == 1)
    #expect(down.standardError.contains("Cannot reach the sync server"))
    #expect(down.standardError.contains("1 change waits to be sent"))
    #expect(try await a.run(["sync", "--status"]).standardOutput.contains("Pending changes: 1"))
    #expect(try await a.questions().count == 2)
  }
}
