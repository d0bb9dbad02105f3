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
/// ``readWholeFile()`` is the path every read of a whole file takes, the snapshot's and the
/// journal's alike, so both refuse the same things with the same messages.
struct FileReader {
  let fileSystem: any FileSystem
  let path: String
  let limit: Int64

  /// The whole file and the status of the file read, or `nil` when there is no file.
  ///
  /// Refuses anything but a regular file (a symbolic link included), and a file larger than
  /// ``limit``, before reading a byte. The status comes from the open descriptor, so it describes the bytes returned even
  /// if another writer renames a new file into place meanwhile.
  func readWholeFile() throws(PersistenceError) -> (data: Data, status: FileStatus)? {
    let url = URL(fileURLWithPath: path)
    let descriptor: Int32
    do {
      // Never through a link, and a FIFO is reported instead of blocking the open.
      descriptor = try fileSystem.openStoreFile(path, flags: O_RDONLY, mode: 0)
    } catch  where error.isMissing {
      return nil
    } catch  where error.code == ENOTDIR {
      throw .directoryUnavailable(
        url.deletingLastPathComponent(), reason: "a part of the path is a file, not a folder")
    } catch {
      throw .storeFile(error) { .unreadable(url, reason: $0.description) }
    }
    defer { try? fileSystem.close(descriptor, path: path) }
    let status: FileStatus
    do {
      status = try fileSystem.status(ofDescriptor: descriptor, path: path)
    } catch {
      throw .unreadable(url, reason: error.description)
    }
    guard status.kind == .regular else { throw .notARegularFile(url, found: status.kind.noun) }
    guard status.size <= limit else { throw .fileTooLarge(url, size: status.size, limit: limit) }
    return (try readToEnd(descriptor, expectedSize: Int(status.size)), status)
  }

  /// All the bytes until end of file, up to and including ``limit`` bytes.
  ///
  /// The buffer holds one byte more than `expectedSize`, so reading a file of the expected
  /// size reaches end of file without growing it. It grows only for a file that got longer
  /// since its size was taken, and never past `limit + 1` bytes: filling that means the file
  /// is over the limit.
  func readToEnd(_ descriptor: Int32, expectedSize: Int) throws(PersistenceError) -> Data {
    let url = URL(fileURLWithPath: path)
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
        Result { () throws(SystemCallError) in
          try fileSystem.read(
            descriptor, path: path, at: start + Int64(offset),
            into: UnsafeMutableRawBufferPointer(rebasing: buffer[offset...]))
        }
      }
      let read: Int
      do {
        read = try result.get()
      } catch {
        throw .unreadable(URL(fileURLWithPath: path), reason: error.description)
      }
      if read == 0 { break }
      offset += read
    }
    return Array(bytes.prefix(offset))
  }
}
