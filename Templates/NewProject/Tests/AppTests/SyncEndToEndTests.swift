// Two data folders of `__EXECUTABLE__` that sync through a real Kinto: convergence, a conflict settled, a folder carried over.

import Foundation
import LocalStoreTestSupport
import Models
import Testing
// store: journal

/// Runs with `SYNC_SERVER_TESTS=memory` (`make test-sync`), each test on a Kinto of its own,
/// started by the store's package's `scripts/sync-server`; the __models__ go to the
/// collection `__models__`.
@Suite(
  .enabled(
    if: ProcessInfo.processInfo.environment["SYNC_SERVER_TESTS"] != nil
      && KintoTestServer.missingTool == nil,
    "runs against a real Kinto: set SYNC_SERVER_TESTS=memory (make test-sync does)"))
struct SyncEndToEndTests {
  /// One device: a data folder, and the binary run on it (the shared ``SyncingFolder``: the
  /// password only in the environment, and a run that prints it fails).
  struct Device {
    let syncing: SyncingFolder

    init(_ name: String, server: KintoTestServer) throws {
      syncing = try SyncingFolder(
        "__NAME__Sync" + name,
        command: DataFolderCommand("__EXECUTABLE__", dataFolderVariable: "__ENV_PREFIX___DATA_DIR"),
        passwordVariable: "__ENV_PREFIX___SYNC_PASSWORD", server: server)
    }

    func run(_ arguments: [String]) async throws -> ChildProcessResult {
      try await syncing.run(arguments)
    }

    /// The first sync, with the server, user and password given.
    func syncFirst() async throws -> ChildProcessResult { try await syncing.syncFirst() }

    /// A later sync, with nothing given: the server, user and password are remembered.
    func sync() async throws -> ChildProcessResult { try await syncing.sync() }

    func add(_ title: String) async throws -> String {
      let result = try await run(["add", title])
      try #require(result.status == 0, "\(result.standardError)")
      return result.standardOutput.trimmingCharacters(in: .newlines)
    }

    /// The titles of the __models__ stored, sorted.
    func titles() async throws -> [String] {
      let result = try await run(["list", "--json"])
      try #require(result.status == 0, "\(result.standardError)")
      return try JSONDecoder().decode([__MODEL__].self, from: Data(result.standardOutput.utf8))
        .map(\.__title__).sorted()
    }
  }

  @Test func twoFoldersSyncWithEachOtherAndConverge() async throws {
    try await KintoTestServer.with(backend: .memory) { server in
      let a = try Device("A", server: server)
      let b = try Device("B", server: server)
      let kept = try await a.add("Kept")
      let doomed = try await a.add("Deleted on b")
      let first = try await a.syncFirst()
      #expect(first.status == 0, "\(first.standardError)")
      #expect(first.standardError.contains("Moved 2 __models__ into the synced store"))
      #expect(first.standardError.contains("sent 2, pulled 0, 0 pending"), "\(first.standardError)")
      _ = try await b.add("Added on b")
      let second = try await b.syncFirst()
      #expect(second.status == 0, "\(second.standardError)")
      #expect(try await b.titles() == ["Added on b", "Deleted on b", "Kept"])

      // Each changes its folder with no server, then they sync in turn.
      #expect(try await a.run(["edit", kept, "__TITLE_OPTION__", "Edited on a"]).status == 0)
      #expect(try await b.run(["delete", doomed]).status == 0)
      for device in [a, b, a] {
        let round = try await device.sync()
        #expect(round.status == 0, "\(round.standardError)")
      }
      #expect(try await a.titles() == ["Added on b", "Edited on a"])
      #expect(try await b.titles() == ["Added on b", "Edited on a"])
      let status = try await b.run(["sync", "--status", "--json"])
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8))
          as? [String: Any])
      #expect(object["pending"] as? Int == 0)
      #expect(object["lastSuccessfulSync"] is String)
    }
  }

  /// Two folders that synced one __model__, then each edited its title offline ("From a",
  /// "From b"), and `a` synced: `b`'s next sync meets a conflict.
  static func editedOnBoth(
    _ server: KintoTestServer
  ) async throws -> (a: Device, b: Device, id: String) {
    let a = try Device("A", server: server)
    let b = try Device("B", server: server)
    let id = try await a.add("Original")
    #expect(try await a.syncFirst().status == 0)
    #expect(try await b.syncFirst().status == 0)
    #expect(try await a.run(["edit", id, "__TITLE_OPTION__", "From a"]).status == 0)
    #expect(try await b.run(["edit", id, "__TITLE_OPTION__", "From b"]).status == 0)
    #expect(try await a.sync().status == 0)
    return (a, b, id)
  }

  @Test func aConflictWaitsForAChoiceAndKeepSettlesIt() async throws {
    try await KintoTestServer.with(backend: .memory) { server in
      let (a, b, id) = try await Self.editedOnBoth(server)
      let conflicted = try await b.sync()
      #expect(conflicted.status == 1)
      #expect(conflicted.standardError.contains("here \"From b\", on the server \"From a\""))
      #expect(
        conflicted.standardError.contains("1 __model__ was changed here and on the server"),
        "\(conflicted.standardError)")
      let kept = try await b.run(["sync", "--keep", "mine", String(id.prefix(8))])
      #expect(kept.status == 0, "\(kept.standardError)")
      #expect(
        kept.standardError
          == "Kept this device's version of \"From b\"; it is sent on the next sync.\n")
      #expect(try await b.sync().status == 0)
      #expect(try await a.sync().status == 0)
      #expect(try await a.titles() == ["From b"])
    }
  }

  /// The full-screen app shows a sync conflict as a conflict: the title bar says it waits,
  /// `c` shows the field that differs both ways, `Esc` leaves it, and `m` keeps this
  /// device's version, which the next sync sends.
  @Test func theFullScreenAppShowsASyncConflictAndSettlesItByKey() async throws {
    try await KintoTestServer.with(backend: .memory) { server in
      let (a, b, _) = try await Self.editedOnBoth(server)
      #expect(try await b.sync().status == 1)

      let terminal = try PseudoTerminal(
        executable: BuiltProducts.executable("__EXECUTABLE__"),
        arguments: ["--data-dir", b.syncing.folder.url.path],
        environment: ["__ENV_PREFIX___DATA_DIR": nil, "NO_COLOR": "1"], columns: 100, rows: 24)
      try terminal.waitForText("1 conflict", timeout: .seconds(20))
      try terminal.waitForText("c sync conflicts")
      try terminal.send("c")
      try terminal.waitForText("was changed here and on another device")
      try terminal.waitForText("mine:   From b")
      try terminal.waitForText("theirs: From a")
      try terminal.send("\u{1B}")
      try terminal.waitForText("c sync conflicts")
      try terminal.send("c")
      try terminal.waitForText("m: keep mine  t: keep theirs  Esc: later")
      try terminal.send("m")
      try terminal.waitForText("Kept this device's version")
      try terminal.send("q")
      _ = try terminal.waitForExit()

      #expect(try await b.sync().status == 0)
      #expect(try await a.sync().status == 0)
      #expect(try await a.titles() == ["From b"])
    }
  }
}
// store: end
