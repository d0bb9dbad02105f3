// The system calls opening a store makes, counted through the file-system double: one lock
// cycle, and one status per file opened.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite struct OpenSystemCallTests {
  /// A store with a snapshot and a journal, as a command finds it.
  private func storeWithSnapshotAndJournal() async throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    let writer = try LocalRepository<Note>(directory: folder.url, filename: "n.json")
    try await writer.save(contentsOf: sampleNotes(3, prefix: "open"))
    try await writer.save(Note(title: "journal", text: "record"))
    return folder
  }

  /// The system calls that opening a store of a snapshot and a journal makes, in order.
  private func callsOfOpening() async throws -> [String] {
    let folder = try await storeWithSnapshotAndJournal()
    let fileSystem = FailingFileSystem()
    _ = try await LocalRepository<Note>.open(
      directory: folder.url, filename: "n.json", configuration: StoreConfiguration(),
      fileSystem: fileSystem)
    return fileSystem.calls
  }

  @Test func openingAStoreTakesItsLockOnce() async throws {
    // One cycle: the lock file's flock, then the folder's; the two unlocks.
    let calls = try await callsOfOpening()
    #expect(calls.filter { $0 == "flock" }.count == 2, "\(calls)")
    #expect(calls.filter { $0 == "funlock" }.count == 2, "\(calls)")
  }

  @Test func openingAStoreAsksEachFileItOpensForItsStatusOnce() async throws {
    // Each open of a file is followed by its one `fstat` (a folder's open by none).
    let calls = try await callsOfOpening()
    #expect(calls.contains("fstat"))
    #expect(!zip(calls, calls.dropFirst()).contains { $0 == ("fstat", "fstat") }, "\(calls)")
  }
}
