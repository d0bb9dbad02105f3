// The one checked read of a store's files: open, fstat, regular file only, size cap, read.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a store's file through ``FileSystem``, turning failures into ``PersistenceError``.
///
/// ``withOpenFile(_:)`` is the one checked open behind every read of a store's files: the
/// journal's and the snapshot's whole-file reads (``readWholeFile()``) and the snapshot's
/// streamed open alike, so all of them refuse the same things with the same messages.
struct FileReader {
  let fileSystem: any FileSystem
  let path: String
  let limit: Int64

  /// The whole file and the status of the file read, or `nil` when there is no file.
  ///
  /// Refuses what ``withOpenFile(_:)`` refuses, and a file that grows past ``limit`` while
  /// it is read.
  func readWholeFile() throws(PersistenceError) -> (data: Data, status: FileStatus)? {
    try withOpenFile { descriptor, status throws(PersistenceError) in
      (try readToEnd(descriptor, expectedSize: Int(status.size)), status)
    }
  }

  /// Opens the file, checks it, and runs `body` with the open descriptor and its status;
  /// `nil` when there is no file.
  ///
  /// Refuses anything but a regular file (a symbolic link included), and a file larger than
  /// ``limit``, before `body` reads a byte. The status comes from the open descriptor, so it
  /// describes the bytes `body` reads even if another writer renames a new file into place
  /// meanwhile. The descriptor is closed when `body` returns or throws.
  func withOpenFile<Value>(
    _ body: (_ descriptor: Int32, _ status: FileStatus) throws(PersistenceError) -> Value
  ) throws(PersistenceError) -> Value? {
    let url = URL(fileURLWithPath: path, isDirectory: false)
    let descriptor: Int32
    let status: FileStatus
    do {
      // Never through a link, and a FIFO is reported instead of blocking the open.
      (descriptor, status) = try fileSystem.openStoreFile(path, flags: O_RDONLY, mode: 0)
    } catch  where error.isMissing {
      return nil
    } catch  where error.code == ENOTDIR {
      throw .directoryUnavailable(
        url.deletingLastPathComponent(), reason: "a part of the path is a file, not a folder")
    } catch {
      throw .storeFile(error) { .unreadable(url, reason: $0.description) }
    }
    defer { try? fileSystem.close(descriptor, path: path) }
    guard status.size <= limit else { throw .fileTooLarge(url, size: status.size, limit: limit) }
    return try body(descriptor, status)
  }

  /// All the bytes until end of file, up to and including ``limit`` bytes.
  ///
  /// The buffer holds one byte more than `expectedSize`, so reading a file of the expected
  /// size reaches end of file without growing it. It grows only for a file that got longer
  /// since its size was taken, and never past `limit + 1` bytes: filling that means the file
  /// is over the limit.
  func readToEnd(_ descriptor: Int32, expectedSize: Int) throws(PersistenceError) -> Data {
    let url = URL(fileURLWithPath: path, isDirectory: false)
    // One byte past the limit is enough to tell that a file is over it.
    let capacity = limit < Int64.max ? limit + 1 : limit
    var data = Data(count: Int(min(Int64(expectedSize) + 1, capacity)))
    var length = 0
    while true {
      if length == data.count {
        guard Int64(length) < capacity else {
          throw .fileTooLarge(url, size: Int64(length), limit: limit)
        }
        data.count = Int(min(Int64(data.count) * 2, capacity))
      }
      let result = data.withUnsafeMutableBytes { buffer in
        Result { () throws(SystemCallError) in
          try fileSystem.read(
            descriptor, path: path, into: UnsafeMutableRawBufferPointer(rebasing: buffer[length...])
          )
        }
      }
      let count: Int
      do {
        count = try result.get()
      } catch {
        throw .unreadable(url, reason: error.description)
      }
      if count == 0 { break }
      length += count
    }
    data.count = length
    return data
  }

  /// The `count` bytes from `start` on (`pread`); fewer if the file ends sooner.
  func read(_ descriptor: Int32, at start: Int64, count: Int) throws(PersistenceError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var offset = 0
    while offset < count {
      let result = bytes.withUnsafeMutableBytes { buffer in
        Result { () throws(PersistenceError) in
          try self.read(
            descriptor, at: start + Int64(offset),
            into: UnsafeMutableRawBufferPointer(rebasing: buffer[offset...]))
        }
      }
      let read = try result.get()
      if read == 0 { break }
      offset += read
    }
    return Array(bytes.prefix(offset))
  }

  /// Reads into `buffer` from byte `start` on with one `pread`, and returns how many bytes
  /// it read: 0 at end of file. The descriptor's file position stays where it was.
  func read(
    _ descriptor: Int32, at start: Int64, into buffer: UnsafeMutableRawBufferPointer
  ) throws(PersistenceError) -> Int {
    do {
      return try fileSystem.read(descriptor, path: path, at: start, into: buffer)
    } catch {
      throw .unreadable(URL(fileURLWithPath: path, isDirectory: false), reason: error.description)
    }
  }
}
