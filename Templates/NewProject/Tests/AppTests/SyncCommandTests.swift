// `__EXECUTABLE__ sync` without a server: its status, its usage errors, a missing password, a server that refuses (the credentials file's own checks are LocalStoreSyncKit's tests).

import Foundation
import LocalStore
import LocalStoreSync
import LocalStoreSyncKit
import LocalStoreTestSupport
import Models
import Testing

@Suite struct SyncCommandTests {
  let folder: TemporaryDirectory
  /// A port nothing listens on: the server refuses at once.
  static let refusingServer = "http://127.0.0.1:9/v1"

  init() throws {
    folder = try TemporaryDirectory(prefix: "__NAME__Sync")
  }

  /// Runs the binary on the test's folder with `environment` (no password unless given).
  func run(
    _ arguments: [String], environment: [String: String?] = [:]
  ) async throws -> ChildProcessResult {
    try await DataFolderCommand("__EXECUTABLE__", dataFolderVariable: "__ENV_PREFIX___DATA_DIR")
      .run(
        in: folder.url, arguments,
        environment: ["__ENV_PREFIX___SYNC_PASSWORD": nil].merging(environment) { $1 })
  }

  /// The files of the data folder, sorted.
  func files() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
  }

  @Test func theHelpPagesSayWhereThePasswordComesFrom() async throws {
    let page = try await run(["help", "sync"])
    #expect(page.status == 0)
    #expect(page.standardOutput.contains("__ENV_PREFIX___SYNC_PASSWORD"))
    #expect(page.standardOutput.contains("--status"))
    #expect(page.standardOutput.contains("--keep mine|theirs"))
    #expect(try await run(["help"]).standardOutput.contains("sync [--server <url>"))
  }

  /// A few of the wrong command lines whose every case LocalStoreSyncKit's SyncRequestTests
  /// list: each is this tool's usage error, with `sync`'s usage line, and nothing is written.
  @Test(arguments: [
    ["sync", "--status", "--server", "http://127.0.0.1:9/v1"], ["sync", "extra"],
    ["sync", "--keep", "both", "abcd"], ["sync", "--bogus"],
  ])
  func wrongArgumentsAreUsageErrorsAndWriteNothing(_ arguments: [String]) async throws {
    let result = try await run(
      arguments, environment: ["__ENV_PREFIX___SYNC_PASSWORD": "pw"])
    #expect(result.status == 64, "\(arguments): \(result.standardError)")
    #expect(result.standardError.hasPrefix("__EXECUTABLE__: error: "), "\(result.standardError)")
    #expect(result.standardError.contains("Usage: __EXECUTABLE__ sync"), "\(result.standardError)")
    #expect((try? files()) ?? [] == [])
  }

  // store: journal
  @Test func aMissingPasswordIsNamedAndNothingChanges() async throws {
    #expect(try await run(["add", "First"]).status == 0)
    let before = try files()
    let result = try await run(["sync", "--server", Self.refusingServer, "--user", "alice"])
    #expect(result.status == 1)
    #expect(result.standardError.contains("__ENV_PREFIX___SYNC_PASSWORD"))
    #expect(result.standardError.contains("'alice'"))
    #expect(try files() == before)
  }

  /// No server given nor remembered, no user for a new server, a server that is not an http
  /// or https URL: usage errors of `sync`, before anything is sent or moved.
  @Test(arguments: [
    ["sync"], ["sync", "--server", "http://127.0.0.1:9/v1"],
    ["sync", "--server", "ftp://host/v1", "--user", "u"],
    ["sync", "--server", "not a url", "--user", "u"],
  ])
  func aServerAndUserAreNeededTheFirstTime(_ arguments: [String]) async throws {
    let result = try await run(arguments, environment: ["__ENV_PREFIX___SYNC_PASSWORD": "pw"])
    #expect(result.status == 64, "\(result.standardError)")
    #expect(result.standardError.contains("Usage: __EXECUTABLE__ sync"), "\(result.standardError)")
    #expect((try? files()) ?? [] == [])
  }

  @Test func theStatusOfAFolderThatNeverSyncedSaysHowToStart() async throws {
    #expect(try await run(["add", "First"]).status == 0)
    let text = try await run(["sync", "--status"])
    #expect(text.status == 0, "\(text.standardError)")
    #expect(text.standardOutput.contains("Server: none yet"))
    #expect(text.standardOutput.contains("Pending changes: 1 (every __model__: this folder"))
    #expect(text.standardOutput.contains("'__EXECUTABLE__ sync --server URL --user NAME'"))
    #expect(text.standardOutput.contains("__ENV_PREFIX___SYNC_PASSWORD"))
  }

  @Test func aServerThatRefusesLeavesAFolderThatNeverSyncedAsItWas() async throws {
    #expect(try await run(["add", "First"]).status == 0)
    let before = try files()
    let password = "s3cret-\(UUID().uuidString)"
    let result = try await run(
      ["sync", "--server", Self.refusingServer, "--user", "alice"],
      environment: ["__ENV_PREFIX___SYNC_PASSWORD": password])
    #expect(result.status == 1)
    #expect(result.standardError.hasPrefix("__EXECUTABLE__: error: Cannot reach the sync server"))
    #expect(!result.standardError.contains(password) && !result.standardOutput.contains(password))
    #expect(try files() == before)
    #expect(try await run(["list"]).standardOutput.contains("First"))
  }

  /// A folder that synced once, whose server now refuses: the change made since stays
  /// pending, the error says how many wait, and the status counts them.
  @Test func aChangeMadeWhileTheServerRefusesStaysPending() async throws {
    try await makeSyncedFolder(holding: ["First"], server: Self.refusingServer)
    #expect(try await run(["add", "Second"]).status == 0)
    let result = try await run(["sync"])
    #expect(result.status == 1)
    #expect(result.standardError.hasPrefix("__EXECUTABLE__: error: Cannot reach the sync server"))
    #expect(
      result.standardError.hasSuffix(" 2 changes wait to be sent.\n"), "\(result.standardError)")
    let status = try await run(["sync", "--status"])
    #expect(status.standardOutput.contains("Server: \(Self.refusingServer) as alice"))
    #expect(status.standardOutput.contains("Pending changes: 2\n"), "\(status.standardOutput)")
    let list = try await run(["list"])
    #expect(list.standardOutput.contains("First") && list.standardOutput.contains("Second"))
  }

  @Test func keepingAVersionWhereNothingConflictsNamesTheID() async throws {
    let result = try await run(["sync", "--keep", "mine", "abcd"])
    #expect(result.status == 1)
    #expect(result.standardError.contains("abcd"), "\(result.standardError)")
  }

  /// The state the first sync leaves, made without a server: the values in the synced store
  /// and the credentials remembered (0600).
  func makeSyncedFolder(holding titles: [String], server: String) async throws {
    for title in titles { #expect(try await run(["add", title]).status == 0) }
    let filename = "__STORE__"
    let store = try await LocalRepository<__MODEL__>.open(directory: folder.url, filename: filename)
    let moved = try await SyncedStoreSwitch(directory: folder.url, filename: filename).move(
      from: store
    ) { store }
    #expect(moved == titles.count)
    let url = try #require(URL(string: server))
    try SyncCredentials(server: url, user: "alice", password: "pw").save(in: folder.url)
  }
  // store: sqlite
  @Test(arguments: [
    ["sync", "--status"], ["sync", "--server", "http://127.0.0.1:9/v1", "--user", "alice"],
  ])
  func theSQLiteStoreDoesNotSyncAndSaysSo(_ arguments: [String]) async throws {
    #expect(try await run(["add", "First"]).status == 0)
    let before = try files()
    let result = try await run(arguments, environment: ["__ENV_PREFIX___SYNC_PASSWORD": "pw"])
    #expect(result.status == 1)
    #expect(result.standardError.contains("needs the synced store"), "\(result.standardError)")
    #expect(result.standardError.contains("Nothing was sent."))
    #expect(try files() == before)
  }
  // store: end
}
