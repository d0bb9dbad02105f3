// File size limits: the store's own cap, and a huge file at the store's path.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite struct ProcessFaultFileSizeTests {
  /// A repository never writes a store larger than it agrees to read: each save either
  /// succeeds and reopens, or is refused with a clear error. Nothing acknowledged may end up
  /// behind a `fileTooLarge` on the next open.
  @Test(arguments: ProcessFaultDiskTests.strategies)
  func savesNeverGrowTheStorePastTheSizeItAgreesToRead(strategy: StorageStrategy) async throws {
    let folder = try TemporaryDirectory(prefix: "ProcessFaultCap")
    var configuration = ProcessFaultDiskTests.configuration(strategy)
    configuration.maximumFileSize = 64 << 10
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: configuration)
    var acknowledged: [Note] = []
    var refusals = 0
    for index in 0..<400 {
      let note = paddedNote(index, prefix: "capped")
      do {
        try await repository.save(note)
        acknowledged.append(note)
      } catch let error as PersistenceError {
        refusals += 1
        #expect(error.description.contains("q.json"), "\(error)")
      }
    }
    #expect(await repository.loadAll() == acknowledged)
    do {
      let reopened = try LocalRepository<Note>(
        directory: folder.url, filename: "q.json", configuration: configuration)
      #expect(await reopened.loadAll() == acknowledged)
    } catch {
      Issue.record(
        "\(acknowledged.count) acknowledged saves (\(refusals) refused) no longer open: \(error)")
    }
  }

  /// A 2 GiB sparse file is refused from its size alone: no byte of it is read.
  @Test func aHugeFileIsRefusedWithoutReadingItAndLeftUntouched() throws {
    let folder = try TemporaryDirectory(prefix: "ProcessFaultHuge")
    let file = folder.appending("q.json")
    let size: Int64 = 2 << 30
    try #require(FileManager.default.createFile(atPath: file.path, contents: nil))
    let handle = try FileHandle(forWritingTo: file)
    try handle.truncate(atOffset: UInt64(size))
    try handle.close()
    let before = try fileStatus(of: file)

    let fileSystem = FailingFileSystem()
    fileSystem.fail(at: nil)
    let error = try #require(throws: PersistenceError.self) {
      try LocalRepository<Note>(
        directory: folder.url, filename: "q.json", fileSystem: fileSystem)
    }
    #expect(error == .fileTooLarge(file, size: size, limit: StoreConfiguration().maximumFileSize))
    #expect(error.description.contains("left untouched"))
    #expect(!fileSystem.calls.contains("read"), "\(fileSystem.calls)")
    #expect(!fileSystem.calls.contains("pread"), "\(fileSystem.calls)")

    // Through the real file system too, and the file is exactly as it was.
    #expect(throws: PersistenceError.fileTooLarge(file, size: size, limit: 256 << 20)) {
      try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    }
    let after = try fileStatus(of: file)
    #expect(after.size == size)
    #expect(after == before)
  }
}
