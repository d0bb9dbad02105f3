// Every file of a store must be a regular file or absent: links, FIFOs and folders are refused.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite struct StoreFileKindTests {
  /// The three files of the store `q.json`.
  static let storeFiles = ["q.json", "q.json.journal", "q.json.lock"]

  @Test(arguments: storeFiles)
  func aDanglingSymbolicLinkAtAnyStoreFileIsRefusedAndNothingIsCreatedThroughIt(
    file: String
  ) async throws {
    let folder = try TemporaryDirectory()
    let outside = try TemporaryDirectory()
    let target = outside.appending("nowhere")
    try FileManager.default.createSymbolicLink(
      at: folder.appending(file), withDestinationURL: target)
    let error = try await #require(throws: PersistenceError.self) {
      let repository = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
      // Should the open have let it through, the save must not write through the link.
      try await repository.save(Note(title: "p", text: "a"))
    }
    #expect(error == .notARegularFile(folder.appending(file), found: "a symbolic link"))
    #expect(error.description.contains(folder.appending(file).path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside.url.path).isEmpty)
    #expect(
      !FileManager.default.fileExists(atPath: folder.appending("q.json").path) || file == "q.json")
  }

  @Test(arguments: storeFiles)
  func aSymbolicLinkToAFileOutsideTheFolderIsRefusedAndTheTargetIsUntouched(
    file: String
  ) throws {
    let folder = try TemporaryDirectory()
    let outside = try TemporaryDirectory()
    let target = outside.appending("real")
    let original = Data("[]".utf8)
    try original.write(to: target)
    try FileManager.default.createSymbolicLink(
      at: folder.appending(file), withDestinationURL: target)
    #expect(
      throws: PersistenceError.notARegularFile(folder.appending(file), found: "a symbolic link")
    ) {
      try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    }
    #expect(bytes(of: target) == original)
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside.url.path) == ["real"])
  }

  @Test func aLinkThatAppearsAfterOpeningIsRefusedByTheNextChange() async throws {
    let folder = try TemporaryDirectory()
    let outside = try TemporaryDirectory()
    let repository = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    try await repository.save(Note(title: "first", text: "a"))
    try await repository.save(Note(title: "second", text: "a"))
    let journal = folder.appending("q.json.journal")
    let target = outside.appending("journal")
    try FileManager.default.moveItem(at: journal, to: target)
    try FileManager.default.createSymbolicLink(at: journal, withDestinationURL: target)
    let before = bytes(of: target)
    await #expect(throws: PersistenceError.notARegularFile(journal, found: "a symbolic link")) {
      try await repository.save(Note(title: "third", text: "a"))
    }
    #expect(bytes(of: target) == before)
  }

  @Test(arguments: storeFiles)
  func aFIFOAtAnyStoreFileIsRefusedAtOnce(file: String) throws {
    let folder = try TemporaryDirectory()
    let path = folder.appending(file).path
    try #require(mkfifo(path, 0o600) == 0)
    let watchdog = FIFOWatchdog(path: path, after: .seconds(5))
    #expect(throws: PersistenceError.notARegularFile(folder.appending(file), found: "a FIFO")) {
      try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    }
    #expect(!watchdog.finish(), "opening \(file) blocked until the watchdog opened the FIFO")
  }

  @Test func moveAsideNeverRenamesOrCreatesAnythingOutsideTheFolder() throws {
    let folder = try TemporaryDirectory()
    let outside = try TemporaryDirectory()
    let target = outside.appending("real.json")
    let garbage = Data("{not json".utf8)
    try garbage.write(to: target)
    try FileManager.default.createSymbolicLink(
      at: folder.appending("q.json"), withDestinationURL: target)
    _ = try? LocalRepository<Note>.moveAside(directory: folder.url, filename: "q.json")
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside.url.path) == ["real.json"])
    #expect(bytes(of: target) == garbage)
  }

  @Test func aDataFolderReachedThroughASymbolicLinkStillWorks() async throws {
    let real = try TemporaryDirectory()
    let links = try TemporaryDirectory()
    let folder = links.appending("data")
    try FileManager.default.createSymbolicLink(at: folder, withDestinationURL: real.url)
    let repository = try LocalRepository<Note>(directory: folder, filename: "q.json")
    let note = Note(title: "p", text: "a")
    try await repository.save(note)
    let reopened = try LocalRepository<Note>(directory: folder, filename: "q.json")
    #expect(await reopened.loadAll() == [note])
    #expect(FileManager.default.fileExists(atPath: real.appending("q.json").path))
  }
}

/// Opens a FIFO for writing after a delay, which unblocks a reader stuck opening it, so that a
/// test of "never blocks" fails instead of hanging.
private final class FIFOWatchdog: @unchecked Sendable {
  private let lock = NSLock()
  private var finished = false
  private var fired = false

  init(path: String, after delay: Duration) {
    Thread.detachNewThread { [self] in
      Thread.sleep(forTimeInterval: Double(delay.components.seconds))
      lock.lock()
      defer { lock.unlock() }
      guard !finished else { return }
      fired = true
      // Opening both ends unblocks an open for reading or for writing.
      let writer = open(path, O_WRONLY | O_NONBLOCK)
      let reader = open(path, O_RDONLY | O_NONBLOCK)
      Thread.sleep(forTimeInterval: 1)
      if writer >= 0 { close(writer) }
      if reader >= 0 { close(reader) }
    }
  }

  /// Stops the watchdog; returns whether it had to fire.
  func finish() -> Bool {
    lock.lock()
    defer { lock.unlock() }
    finished = true
    return fired
  }
}
