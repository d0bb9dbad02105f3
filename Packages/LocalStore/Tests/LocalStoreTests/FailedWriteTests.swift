// When a write fails, the call throws and memory stays equal to what is on disk.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct FailedWriteTests {
  @Test func aFolderReplacedByAFileFailsTheSaveAndKeepsMemoryEqualToDisk() async throws {
    let parent = try TemporaryDirectory()
    let folder = parent.appending("store")
    let moved = parent.appending("moved")
    let existing = sampleNotes(2)
    let repository = try LocalRepository<Note>(directory: folder, filename: "q.json")
    try await repository.save(contentsOf: existing)

    // Swap the store's folder for a plain file: every write into it now fails for real.
    try FileManager.default.moveItem(at: folder, to: moved)
    try Data("not a folder".utf8).write(to: folder)
    let error = try await #require(throws: PersistenceError.self) {
      try await repository.save(Note(title: "lost", text: "a"))
    }
    guard case .directoryUnavailable = error else {
      Issue.record("expected .directoryUnavailable, got \(error)")
      return
    }
    await #expect(throws: PersistenceError.self) { try await repository.delete(existing[0].id) }
    #expect(await repository.loadAll() == existing)

    try FileManager.default.removeItem(at: folder)
    try FileManager.default.moveItem(at: moved, to: folder)
    let reopened = try LocalRepository<Note>(directory: folder, filename: "q.json")
    #expect(await reopened.loadAll() == existing)
  }

  /// Fails each system call of a save in turn, once and then for good, and checks after each
  /// that the repository equals the file, that nothing acknowledged was lost, and that a save
  /// that threw is in neither: not even when it was the `fsync` that failed.
  ///
  /// The one exception is a disk on which every call fails from the `fsync` on: then nothing
  /// can be cut back either, and the repository must say so and refuse every later change
  /// (until it is opened again, which the loop does), with memory still equal to the file.
  @Test(arguments: [false, true], [StorageStrategy.journal, .rewrite])
  func failingAnyStepOfASaveNeverLosesOrInventsData(
    persistent: Bool, strategy: StorageStrategy
  ) async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    var configuration = StoreConfiguration()
    configuration.strategy = strategy
    var repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: configuration,
      fileSystem: fileSystem)
    var acknowledged = sampleNotes(3)
    try await repository.save(contentsOf: acknowledged)

    fileSystem.fail(at: nil)
    try await repository.save(Note(title: "counting calls", text: "a"))
    acknowledged = await repository.loadAll()
    let callsPerSave = fileSystem.calls.count
    #expect(callsPerSave >= 8)

    for step in 1...callsPerSave {
      let note = Note(title: "step \(step)", text: "a")
      fileSystem.fail(at: step, code: ENOSPC, persistent: persistent)
      var stuck = false
      do {
        try await repository.save(note)
        acknowledged.append(note)
      } catch let error as PersistenceError {
        switch error {
        case .outcomeUnknown(_, let reason) where reason.contains("until it is opened again"):
          #expect(persistent, "step \(step): \(reason)")
          #expect(error.description.contains("may have been saved"), "step \(step)")
          stuck = true
        case .writeFailed(_, let reason), .directoryUnavailable(_, let reason),
          .lockFailed(_, let reason), .unreadable(_, let reason), .notDurable(_, let reason):
          #expect(reason.contains("No space left on device"), "step \(step): \(reason)")
        default:
          Issue.record("step \(step) (\(fileSystem.calls.last ?? "?")): unexpected \(error)")
        }
      }
      fileSystem.fail(at: nil)
      let onDisk = try LocalRepository<Note>(
        directory: folder.url, filename: "q.json", configuration: configuration)
      if stuck {
        await #expect(throws: PersistenceError.self) { try await repository.save(note) }
        #expect(await repository.loadAll() == onDisk.loadAll(), "step \(step)")
        #expect(await onDisk.loadAll() == acknowledged + [note], "step \(step)")
        acknowledged.append(note)
        repository = try LocalRepository<Note>(
          directory: folder.url, filename: "q.json", configuration: configuration,
          fileSystem: fileSystem)
      }
      #expect(await onDisk.loadAll() == acknowledged, "step \(step)")
      #expect(await repository.loadAll() == acknowledged, "step \(step)")
      // A temporary file stays behind only when removing it failed too.
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        .filter { !["q.json", "q.json.lock", "q.json.journal"].contains($0) }
      if persistent {
        #expect(leftovers.allSatisfy { TemporaryFileName.isTemporary($0, for: "q.json") })
      } else {
        #expect(leftovers.isEmpty, "step \(step): \(leftovers)")
      }
    }
  }

  @Test func aFailedBatchChangesNothing() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", fileSystem: fileSystem)
    let existing = sampleNotes(5)
    try await repository.save(contentsOf: existing)
    var edited = existing[1]
    edited.text = "edited"

    fileSystem.fail(at: 1, code: EIO, persistent: true)
    await #expect(throws: PersistenceError.self) {
      try await repository.save(contentsOf: [edited] + sampleNotes(10, prefix: "new"))
    }
    await #expect(throws: PersistenceError.self) {
      try await repository.delete(ids: existing.map(\.id))
    }
    #expect(await repository.loadAll() == existing)
    #expect(await repository.find(by: existing[1].id) == existing[1])
  }
}
