// A store's folder is 0700 and its files 0600 whatever the umask of the process that made them.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite struct StoreModeTests {
  /// Runs `StoreWriter save <folder> 2` under `umask`, then one save more, so that the
  /// folder, the snapshot, the lock and the journal all exist.
  private func saveTwice(in folder: URL, umask: String) async throws -> ChildProcessResult {
    try await ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "umask \(umask) && \"$0\" save \"$1\" 3 moded", storeWriter.path, folder.path])
  }

  /// Under `umask 277` the folder was made 0500 and the lock file could not be opened;
  /// under `umask 777` everything was 0000. Every mode is now set after creating.
  @Test(arguments: ["277", "777", "022", "000"])
  func modesDoNotDependOnTheUmask(umask: String) async throws {
    let parent = try TemporaryDirectory()
    let folder = parent.url.appendingPathComponent("made/by/the/store")
    let result = try await saveTwice(in: folder, umask: umask)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(acknowledgedIDs(in: result.standardOutput).count == 3)
    for path in ["made", "made/by", "made/by/the", "made/by/the/store"] {
      let status = try fileStatus(of: parent.url.appendingPathComponent(path))
      #expect(status.permissions == 0o700, "\(path): \(String(status.permissions, radix: 8))")
    }
    for name in ["q.json", "q.json.lock", "q.json.journal"] {
      let status = try fileStatus(of: folder.appendingPathComponent(name))
      #expect(status.permissions == 0o600, "\(name): \(String(status.permissions, radix: 8))")
    }
  }

  /// A process killed under `umask 777` between the folder's `mkdir` and its `chmod` leaves
  /// it 0000: the next writer finds it empty and gives it 0700; a folder with anything in it
  /// keeps the mode someone chose.
  @Test(arguments: [true, false])
  func aFolderLeftHalfMadeIsMadeWhole(empty: Bool) async throws {
    let parent = try TemporaryDirectory()
    let folder = parent.url.appendingPathComponent("store")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    if !empty { try Data("kept".utf8).write(to: folder.appendingPathComponent("notes.txt")) }
    try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: folder.path)
    defer {
      try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
    }
    let result = try await saveTwice(in: folder, umask: "022")
    let mode = try fileStatus(of: folder).permissions
    if empty {
      #expect(result.status == 0, "\(result.standardError)")
      #expect(mode == 0o700, "\(String(mode, radix: 8))")
    } else {
      #expect(mode == 0, "\(String(mode, radix: 8))")
    }
  }
}
