// The shared sync command without a server: its status in the app's words, a refused first sync that moves nothing, the credentials file.

import CommandLineKit
import Foundation
import LocalStore
import LocalStoreSync
import LocalStoreSyncKit
import LocalStoreTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Keeps what a command writes, and refuses to read input.
final class RecordingConsole: Console {
  var output = ""
  var errors = ""

  func writeOutput(_ text: String) { output += text }
  func writeError(_ text: String) { errors += text }
  func readLine() -> String? { nil }
}

@MainActor @Suite struct SyncCommandTests {
  nonisolated static let wording = SyncWording(
    tool: "garden", noun: "plant", plural: "plants", syncedFilename: "plants.synced.json",
    passwordVariable: "GARDEN_SYNC_PASSWORD")

  let folder: TemporaryDirectory
  let console = RecordingConsole()
  /// How many times the command asked to move the folder to the synced store.
  var moves = Counter()

  init() throws {
    folder = try TemporaryDirectory(prefix: "SyncKitCommand")
  }

  /// Counts calls from the command's closures.
  final class Counter {
    var count = 0
  }

  /// The command over a folder that never synced and holds `unsynced` values.
  func command(environment: [String: String] = [:], unsynced: Int = 2) -> SyncCommand<Note> {
    let moves = moves
    let folder = folder
    return SyncCommand(
      wording: Self.wording, collection: "plants", environment: environment, console: console,
      isSynced: { _ in false },
      moveToSyncedStore: { _ in
        moves.count += 1
        return unsynced
      },
      openSynced: { _ in
        try await SyncedRepository<Note>.open(
          directory: folder.url, filename: "plants.synced.json")
      },
      unsyncedCount: { _ in unsynced }, title: \.title)
  }

  @Test func theStatusOfAFolderThatNeverSyncedIsInTheAppsWords() async throws {
    try await command().showStatus(in: folder.url, json: false)
    #expect(
      console.output == """
        Server: none yet
        Last successful sync: never
        Pending changes: 2 (every plant: this folder never synced)
        Conflicts: 0
        Run 'garden sync --server URL --user NAME' with the password in GARDEN_SYNC_PASSWORD to start.

        """)
    try await command().showStatus(in: folder.url, json: true)
    #expect(console.output.contains(#""neverSynced" : true"#))
  }

  /// The first sync checks the server before the folder changes store: refused, it throws
  /// the round's error with nothing pending, and never moves the folder nor remembers it.
  @Test func aRefusedFirstSyncMovesNothingAndRemembersNothing() async throws {
    await #expect {
      try await command(environment: ["GARDEN_SYNC_PASSWORD": "pw"]).synchronize(
        server: "http://127.0.0.1:9/v1", user: "alice", in: folder.url, json: false)
    } throws: { error in
      guard case .round(.offline, pending: 0) = error as? SyncCommandError else { return false }
      return true
    }
    #expect(moves.count == 0)
    #expect(try SyncCredentials.load(from: folder.url) == nil)
    #expect(console.output.isEmpty && console.errors.isEmpty)
  }

  @Test(arguments: [
    (
      "http://127.0.0.1:9/v1" as String?, nil as String?,
      SyncCommandError.usage(.missingOption("--user <name>"))
    ),
    (nil, nil, .notConfigured(wording)),
    (
      "http://127.0.0.1:9/v1", "alice",
      .passwordMissing(user: "alice", server: "http://127.0.0.1:9/v1", wording)
    ),
  ])
  func whatIsMissingIsNamedBeforeAnythingIsSent(
    _ server: String?, _ user: String?, _ expected: SyncCommandError
  ) async throws {
    await #expect(throws: expected) {
      try await command().synchronize(server: server, user: user, in: folder.url, json: false)
    }
    #expect(moves.count == 0)
  }

  @Test func theSentencesUseTheAppsWords() {
    #expect(
      SyncCommandError.conflicts(1, Self.wording).errorDescription?.hasPrefix(
        "1 plant was changed here and on the server") == true)
    #expect(
      SyncCommandError.conflicts(3, Self.wording).errorDescription?.hasPrefix(
        "3 plants were changed") == true)
    #expect(
      SyncCommandError.notConfigured(Self.wording).errorDescription?.hasSuffix(
        "with the password in GARDEN_SYNC_PASSWORD.") == true)
    #expect(CommandSpec.sync(Self.wording).note?.contains("A plant changed here") == true)
  }

  /// Saved with mode 0600 and read back; refused by name, its password unread, once its group
  /// or others may read it.
  @Test func theCredentialsFileIsTheOwnersOnly() throws {
    let credentials = SyncCredentials(
      server: try #require(URL(string: "http://127.0.0.1:9/v1")), user: "u", password: "secret")
    try credentials.save(in: folder.url)
    let file = folder.appending(SyncCredentials.filename)
    var status = stat()
    #expect(stat(file.path, &status) == 0 && status.st_mode & 0o777 == 0o600)
    #expect(try SyncCredentials.load(from: folder.url) == credentials)
    #expect(chmod(file.path, 0o640) == 0)
    #expect {
      try SyncCredentials.load(from: folder.url)
    } throws: { error in
      guard case .credentialsRefused(let path, let reason) = error as? SyncCommandError else {
        return false
      }
      return path == file.path && reason.contains("chmod 600") && !reason.contains("secret")
    }
  }
}
