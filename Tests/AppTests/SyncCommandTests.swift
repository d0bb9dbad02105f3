// `questions sync` without a server: its status, its usage errors, a missing password, a credentials file others can read, a server that cannot be reached.

import Foundation
import LocalStoreTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct SyncCommandTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "AppSync")
  }

  /// Runs the binary on the test's folder with `environment` (no password unless given).
  func questions(
    _ arguments: [String], environment: [String: String?] = [:]
  ) async throws -> ChildProcessResult {
    var merged: [String: String?] = [
      "QUESTIONS_DATA_DIR": nil, "NO_COLOR": nil, "QUESTIONS_SYNC_PASSWORD": nil,
    ]
    merged.merge(environment) { $1 }
    return try await ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/timeout"),
      ["30", BuiltProducts.executable("questions").path, "--data-dir", folder.url.path]
        + arguments, environment: merged)
  }

  @Test func theStatusOfAFolderThatNeverSyncedSaysHowToStart() async throws {
    _ = try await questions(["add", "A prompt", "--answer", "An answer"])
    let text = try await questions(["sync", "--status"])
    #expect(text.status == 0, "\(text.standardError)")
    #expect(text.standardOutput.contains("Server: none yet"))
    #expect(text.standardOutput.contains("Pending changes: 1"))
    #expect(text.standardOutput.contains("QUESTIONS_SYNC_PASSWORD"))
    let json = try await questions(["sync", "--status", "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
    #expect(object["pending"] as? Int == 1)
    #expect(object["neverSynced"] as? Bool == true)
    #expect(object["server"] == nil || object["server"] is NSNull)
  }

  @Test func aSyncWithNoServerGivenOrRememberedIsAUsageError() async throws {
    let result = try await questions(["sync"], environment: ["QUESTIONS_SYNC_PASSWORD": "pw"])
    #expect(result.status == 64)
    #expect(result.standardError.contains("no sync server yet"))
    #expect(result.standardError.contains("Usage: questions sync"))
  }

  @Test(arguments: [
    ["sync", "--server", "ftp://host/v1", "--user", "u"],
    ["sync", "--server", "not a url", "--user", "u"],
    ["sync", "--server", " ", "--user", "u"],
    ["sync", "--status", "--server", "http://127.0.0.1:9/v1"],
    ["sync", "extra"],
    ["sync", "--keep", "both", "abcd"],
    ["sync", "--keep", "mine"],
    ["sync", "--keep", "mine", "xyz!"],
    ["sync", "--keep", "mine", "abcd", "--server", "http://127.0.0.1:9/v1"],
  ])
  func wrongArgumentsAreUsageErrors(_ arguments: [String]) async throws {
    let result = try await questions(arguments, environment: ["QUESTIONS_SYNC_PASSWORD": "pw"])
    #expect(result.status == 64, "\(arguments): \(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: folder.appending("questions.store").path))
  }

  @Test func aMissingPasswordIsNamedAndNothingChanges() async throws {
    _ = try await questions(["add", "A prompt", "--answer", "An answer"])
    let result = try await questions([
      "sync", "--server", "http://127.0.0.1:9/v1", "--user", "alice",
    ])
    #expect(result.status == 1)
    #expect(result.standardError.contains("QUESTIONS_SYNC_PASSWORD"))
    #expect(result.standardError.contains("'alice'"))
    #expect(!FileManager.default.fileExists(atPath: folder.appending("questions.store").path))
  }

  @Test func aServerThatCannotBeReachedLeavesAFolderThatNeverSyncedAsItWas() async throws {
    _ = try await questions(["add", "A prompt", "--answer", "An answer"])
    let password = "s3cret-\(UUID().uuidString)"
    let result = try await questions(
      ["sync", "--server", "http://127.0.0.1:9/v1", "--user", "alice"],
      environment: ["QUESTIONS_SYNC_PASSWORD": password])
    #expect(result.status == 1)
    #expect(result.standardError.contains("Cannot reach the sync server"))
    #expect(result.standardError.contains("pending"))
    #expect(!result.standardError.contains(password) && !result.standardOutput.contains(password))
    #expect(!FileManager.default.fileExists(atPath: folder.appending("questions.store").path))
    #expect(!FileManager.default.fileExists(atPath: folder.appending("sync.credentials").path))
    let list = try await questions(["list"])
    #expect(list.status == 0 && list.standardOutput.contains("A prompt"))
  }

  @Test(arguments: [0o644, 0o640, 0o604, 0o660])
  func aCredentialsFileOthersMayReadIsRefusedByName(_ mode: Int) async throws {
    let file = folder.appending("sync.credentials")
    try Data(#"{"server":"http://127.0.0.1:9/v1","user":"u","password":"hidden-pw"}"#.utf8)
      .write(to: file)
    #expect(chmod(file.path, mode_t(mode)) == 0)
    for arguments in [["sync"], ["sync", "--status"]] {
      let result = try await questions(arguments)
      #expect(result.status == 1, "\(arguments)")
      #expect(result.standardError.contains(file.path))
      #expect(result.standardError.contains("chmod 600"))
      #expect(!result.standardError.contains("hidden-pw"))
    }
  }

  @Test func aCredentialsFileThatIsNotJSONIsRefusedByName() async throws {
    let file = folder.appending("sync.credentials")
    try Data("password=hunter2\n".utf8).write(to: file)
    #expect(chmod(file.path, 0o600) == 0)
    let result = try await questions(["sync"])
    #expect(result.status == 1)
    #expect(result.standardError.contains(file.path))
    #expect(!result.standardError.contains("hunter2"))
  }

  @Test func keepingAVersionWhereNothingConflictsNamesTheID() async throws {
    let result = try await questions(["sync", "--keep", "mine", "abcd"])
    #expect(result.status == 1)
    #expect(result.standardError.contains("abcd"))
  }

  @Test func theHelpPageSaysWhereThePasswordComesFrom() async throws {
    let result = try await questions(["help", "sync"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("QUESTIONS_SYNC_PASSWORD"))
    #expect(result.standardOutput.contains("--status"))
  }
}
