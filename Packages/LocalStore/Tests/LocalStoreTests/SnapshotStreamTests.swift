// The streamed open reads exactly what the whole-document decode reads, whatever the chunks.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite struct SnapshotStreamTests {
  /// Around the part size (1,000 lines) and across several batches of parts; chunks of 7
  /// bytes end inside nearly every line, and chunks of 4 KiB end inside the long header.
  @Test(arguments: [0, 1, 999, 1_000, 1_001, 5_003], [7, 4_096, 1 << 20])
  func streamsWhatTheWholeDocumentDecodeReads(count: Int, chunkSize: Int) throws {
    let folder = try TemporaryDirectory()
    let items = sampleNotes(count)
    let snapshot = try SnapshotUnderTest(try writtenSnapshot(items), in: folder.url)
    // `#require`: a stream that declined would fall back without anyone noticing.
    let streamed = try #require(try snapshot.streamed(chunkSize: chunkSize))
    #expect(streamed == SnapshotRead(items: items, sequence: 7))
    #expect(try snapshot.decodedWhole().get() == streamed)
    #expect(try snapshot.opened(chunkSize: chunkSize).get() == streamed)
  }

  /// Chunk boundaries that fall inside a character of two, three and four bytes: each
  /// line is checked once it is complete, so a cut character is neither refused nor lost.
  @Test(arguments: 2...9)
  func chunksThatEndInsideACharacterLoseNothing(chunkSize: Int) throws {
    let folder = try TemporaryDirectory()
    let items = (0..<40).map {
      Note(title: "Ünïcødé €\($0) 😀 ß", text: "日本語 \($0)", tags: ["ça", "🏷️"])
    }
    let bytes = try writtenSnapshot(items)
    let cutCharacters = stride(from: chunkSize, to: bytes.count, by: chunkSize).filter {
      bytes[$0] & 0xC0 == 0x80  // A continuation byte starts the next chunk.
    }
    try #require(cutCharacters.count > 10, "no chunk of \(chunkSize) bytes ends in a character")
    let snapshot = try SnapshotUnderTest(bytes, in: folder.url)
    let streamed = try #require(try snapshot.streamed(chunkSize: chunkSize))
    #expect(streamed == SnapshotRead(items: items, sequence: 7))
  }

  /// Small parts, so that many part boundaries fall in a small file: each needs the comma
  /// after its last line taken off, and only the last item has none.
  @Test(arguments: [1, 2, 3, 7])
  func smallPartsReadTheSameItems(linesPerPart: Int) throws {
    let folder = try TemporaryDirectory()
    for count in [0, 1, 2, 6, 7, 8, 21] {
      let items = sampleNotes(count)
      let snapshot = try SnapshotUnderTest(try writtenSnapshot(items), in: folder.url)
      let streamed = try snapshot.streamed(chunkSize: 5, linesPerPart: linesPerPart)
      #expect(streamed == SnapshotRead(items: items, sequence: 7), "\(count) items")
    }
  }

  /// Through a repository: a well-formed store is read with `pread` only, which the stream
  /// uses; a damaged one is then read whole with `read`, which only the fallback uses.
  /// With parts of 3 lines, many batches: each one decodes while the next is cut. An ID that
  /// comes again is refused whichever batch it is in, however far from the first.
  @Test(arguments: [(0, 59), (11, 12), (12, 13), (5, 30)])
  func anIDThatComesAgainInAnyBatchIsDeclined(first: Int, again: Int) throws {
    let folder = try TemporaryDirectory()
    var items = sampleNotes(60)
    let clean = try SnapshotUnderTest(try writtenSnapshot(items), in: folder.url)
    #expect(try clean.streamed(chunkSize: 64, linesPerPart: 3)?.items == items)
    items[again].id = items[first].id
    let duplicated = try SnapshotUnderTest(try writtenSnapshot(items), in: folder.url)
    #expect(try duplicated.streamed(chunkSize: 64, linesPerPart: 3) == nil)
  }

  @Test func aRepositoryStreamsAWellFormedStoreAndReadsADamagedOneWhole() async throws {
    let folder = try TemporaryDirectory()
    let items = sampleNotes(2_500)
    var bytes = try writtenSnapshot(items)
    try bytes.write(to: folder.appending("q.json"))
    let fileSystem = FailingFileSystem()
    fileSystem.fail(at: nil)
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", fileSystem: fileSystem)
    #expect(await repository.loadAll() == items)
    #expect(fileSystem.calls.contains("pread"), "\(fileSystem.calls)")
    #expect(!fileSystem.calls.contains("read"), "\(fileSystem.calls)")

    let offset = try #require(bytes.firstRange(of: Data("Note 1234".utf8))).lowerBound
    bytes[offset] ^= 0x01
    try bytes.write(to: folder.appending("q.json"))
    fileSystem.fail(at: nil)
    #expect(throws: PersistenceError.self) {
      try LocalRepository<Note>(
        directory: folder.url, filename: "q.json", fileSystem: fileSystem)
    }
    #expect(fileSystem.calls.contains("read"), "\(fileSystem.calls)")
  }

  /// The snapshot's identity is the file streamed, as for a file read whole.
  @Test func theStreamedFileIsTheOneLastSeen() throws {
    let folder = try TemporaryDirectory()
    let bytes = try writtenSnapshot(sampleNotes(1_200))
    let snapshot = try SnapshotUnderTest(bytes, in: folder.url)
    let file = try snapshot.file(chunkSize: 4_096)
    _ = try SnapshotContents<Note>(reading: file)
    #expect(file.lastSeenSize == Int64(bytes.count))
    #expect(try file.hasChangedSinceLastSeen() == false)
  }

  /// A file that grows past the size cap after its size was checked is refused as a
  /// whole-file read refuses it, having read one byte past the cap.
  @Test func aFileThatGrowsPastTheCapWhileStreamedIsRefused() throws {
    let folder = try TemporaryDirectory()
    let bytes = try writtenSnapshot(sampleNotes(300))
    let snapshot = try SnapshotUnderTest(bytes, in: folder.url)
    let limit = Int64(bytes.count / 2)
    let expected = PersistenceError.fileTooLarge(snapshot.url, size: limit + 1, limit: limit)
    #expect(throws: expected) {
      try snapshot.reader().withOpenFile { descriptor, status throws(PersistenceError) in
        try snapshot.reader(limit: limit).readToEnd(descriptor, expectedSize: Int(status.size))
      }
    }
    for chunkSize in [7, 1_000, 1 << 20] {
      #expect(throws: expected, "chunk \(chunkSize)") {
        try snapshot.streamed(chunkSize: chunkSize, limit: limit)
      }
    }
  }
}
