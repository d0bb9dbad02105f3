// Helpers for the streamed-open tests: snapshot files, the stream on its own, the whole decode.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

/// What opening a snapshot gave: its items in order and its journal sequence.
struct SnapshotRead: Equatable {
  var items: [Note]
  var sequence: Int
}

/// A store file `q.json` in a folder of its own, read in the ways the tests compare.
struct SnapshotUnderTest {
  let url: URL
  let bytes: Data
  private let folder: URL

  /// Writes `bytes` as `q.json` in `folder`.
  init(_ bytes: Data, in folder: URL) throws {
    self.folder = folder
    url = folder.appendingPathComponent("q.json")
    self.bytes = bytes
    try bytes.write(to: url)
  }

  /// The ``Snapshot`` of the store, reading `chunkSize` bytes at a time.
  func file(chunkSize: Int = 1 << 20) throws -> Snapshot {
    var configuration = StoreConfiguration()
    configuration.snapshotChunkSize = chunkSize
    return Snapshot(
      location: try StoreLocation(directory: folder, filename: "q.json"),
      configuration: configuration)
  }

  /// What ``SnapshotStream`` alone makes of the file: `nil` when it declines it.
  ///
  /// The stream's size cap is `limit`, but the file is opened under the default cap: a
  /// smaller `limit` acts as if the file grew past it after it was opened.
  func streamed(
    chunkSize: Int, linesPerPart: Int = ParallelDecoder.linesPerPart,
    limit: Int64 = StoreConfiguration().maximumFileSize
  ) throws -> SnapshotRead? {
    var stream = SnapshotStream(reader: reader(limit: limit), version: 1)
    stream.chunkSize = chunkSize
    stream.linesPerPart = linesPerPart
    let opened = try reader().withOpenFile { descriptor, status throws(PersistenceError) in
      try stream.read(descriptor, size: status.size, as: Note.self)
    }
    return try #require(opened).map { SnapshotRead(items: $0.cache.values, sequence: $0.sequence) }
  }

  /// A reader of the file through the real file system, with the size cap `limit`.
  func reader(limit: Int64 = StoreConfiguration().maximumFileSize) -> FileReader {
    FileReader(fileSystem: SystemFileSystem(), path: url.path, limit: limit)
  }

  /// What a repository's open makes of the file, streamed or not.
  func opened(chunkSize: Int = 1 << 20) throws -> Result<SnapshotRead, PersistenceError> {
    let file = try file(chunkSize: chunkSize)
    return Result { () throws(PersistenceError) in
      let contents = try SnapshotContents<Note>(reading: file)
      return SnapshotRead(items: contents.cache.values, sequence: contents.sequence)
    }
  }

  /// What decoding the whole file as one document gives, as every open did before streaming.
  func decodedWhole() throws -> Result<SnapshotRead, PersistenceError> {
    let file = try file()
    return Result { () throws(PersistenceError) in
      let contents = try SnapshotContents<Note>(decodingWhole: bytes, of: file)
      return SnapshotRead(items: contents.cache.values, sequence: contents.sequence)
    }
  }
}

/// A snapshot of `items` exactly as the writer makes it, noting journal sequence 7.
func writtenSnapshot(_ items: [Note]) throws -> Data {
  Data(try StoreFormat.encode(items, version: 1, sequence: 7))
}

/// `text`, a snapshot edited by hand, with the checksum in its first line made to match its
/// new contents again: only the layout is then wrong, not the checksum.
func resealed(_ text: String) throws -> Data {
  try resealed(Data(text.utf8))
}

/// The bytes of a snapshot edited by hand, with its checksum made to match them again.
func resealed(_ edited: Data) throws -> Data {
  var bytes = Array(edited)
  let newline = try #require(bytes.firstIndex(of: UInt8(ascii: "\n")))
  let key = try #require(bytes.firstRange(of: Array(#""checksum":"crc32c:"#.utf8)))
  let checksum = StoreFormat.hex(CRC32C.checksum(bytes[(newline + 1)...]))
  bytes.replaceSubrange(key.upperBound..<(key.upperBound + 8), with: Array(checksum.utf8))
  return Data(bytes)
}
