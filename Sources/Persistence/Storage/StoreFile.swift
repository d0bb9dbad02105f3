// Reads and writes one store file, turning every low-level failure into a PersistenceError.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One store file: checked, size-capped reads and durable whole-file writes.
struct StoreFile: Sendable {
  /// The largest file a store reads unless told otherwise: 256 MiB.
  static let defaultMaximumSize: Int64 = 256 << 20

  let location: StoreLocation
  let fileSystem: any FileSystem
  let maximumSize: Int64

  init(
    location: StoreLocation, fileSystem: any FileSystem = SystemFileSystem(),
    maximumSize: Int64 = Self.defaultMaximumSize
  ) {
    self.location = location
    self.fileSystem = fileSystem
    self.maximumSize = maximumSize
  }

  /// The items in the file, in file order; an empty array when the file does not exist.
  func readItems<Item: Decodable>(as type: Item.Type) throws(PersistenceError) -> [Item] {
    guard let data = try readBytes() else { return [] }
    do {
      return try StoreFormat.decode(data, as: Item.self)
    } catch {
      switch error {
      case .newerVersion(let version):
        throw .unsupportedVersion(
          location.fileURL, version: version, newest: StoreFormat.currentVersion)
      case .malformed(let reason):
        throw .corrupt(location.fileURL, reason: reason)
      }
    }
  }

  /// Replaces the file with `items`, durably; creates the folder (mode 0700) if needed.
  func write<Item: Encodable>(_ items: some Sequence<Item>) throws(PersistenceError) {
    let bytes: [UInt8]
    do {
      bytes = try StoreFormat.encode(items)
    } catch {
      throw .encodingFailed(location.fileURL, reason: String(describing: error))
    }
    try createDirectoryIfNeeded()
    do {
      try DurableFileWriter(fileSystem: fileSystem)
        .replaceContents(of: location.path, in: location.directory, with: bytes)
    } catch {
      switch error {
      case .notWritten(let cause):
        throw .writeFailed(location.fileURL, reason: cause.description)
      case .writtenButNotDurable(let cause):
        throw .notDurable(location.fileURL, reason: cause.description)
      }
    }
  }

  /// The whole file, or `nil` when there is no file. Refuses anything but a regular file.
  private func readBytes() throws(PersistenceError) -> Data? {
    let url = location.fileURL
    let descriptor: Int32
    do {
      // O_NONBLOCK so that a FIFO at the path is reported instead of blocking the open.
      descriptor = try fileSystem.open(
        location.path, flags: O_RDONLY | O_NONBLOCK | O_CLOEXEC, mode: 0)
    } catch  where error.isMissing {
      return nil
    } catch {
      throw .unreadable(url, reason: error.description)
    }
    defer { try? fileSystem.close(descriptor, path: location.path) }
    do {
      let status = try fileSystem.status(ofDescriptor: descriptor, path: location.path)
      switch status.kind {
      case .regular: break
      case .directory: throw PersistenceError.notARegularFile(url, found: "a folder")
      case .symbolicLink: throw PersistenceError.notARegularFile(url, found: "a symbolic link")
      case .other(let kind): throw PersistenceError.notARegularFile(url, found: kind)
      }
      guard status.size <= maximumSize else {
        throw PersistenceError.fileTooLarge(url, size: status.size, limit: maximumSize)
      }
      return try readToEnd(descriptor, expectedSize: Int(status.size))
    } catch let error as PersistenceError {
      throw error
    } catch let error as SystemCallError {
      throw .unreadable(url, reason: error.description)
    } catch {
      throw .unreadable(url, reason: String(describing: error))
    }
  }

  /// Reads until end of file; fails if the file grows past the size limit while being read.
  private func readToEnd(_ descriptor: Int32, expectedSize: Int) throws -> Data {
    var data = Data(count: max(expectedSize, 1))
    var length = 0
    while true {
      if length == data.count {
        guard Int64(data.count) < maximumSize else {
          throw PersistenceError.fileTooLarge(
            location.fileURL, size: Int64(data.count) + 1, limit: maximumSize)
        }
        data.count = Int(min(Int64(data.count) * 2, maximumSize))
      }
      let read = try data.withUnsafeMutableBytes { buffer in
        try fileSystem.read(
          descriptor, path: location.path,
          into: UnsafeMutableRawBufferPointer(rebasing: buffer[length...]))
      }
      if read == 0 { break }
      length += read
    }
    data.count = length
    return data
  }

  /// Creates the store's folder and any missing parents with mode 0700.
  private func createDirectoryIfNeeded() throws(PersistenceError) {
    var missing: [String] = []
    var current = location.directory
    while true {
      do {
        let status = try fileSystem.status(ofPath: current)
        guard status.kind == .directory || status.kind == .symbolicLink else {
          throw PersistenceError.directoryUnavailable(
            location.directoryURL, reason: "\(current) is a file, not a folder")
        }
        break
      } catch let error as PersistenceError {
        throw error
      } catch let error as SystemCallError where error.isMissing {
        missing.append(current)
        let parent = (current as NSString).deletingLastPathComponent
        guard parent != current, !parent.isEmpty else { break }
        current = parent
      } catch {
        throw .directoryUnavailable(location.directoryURL, reason: String(describing: error))
      }
    }
    for path in missing.reversed() {
      do {
        try fileSystem.makeDirectory(path, permissions: 0o700)
      } catch  where error.code == EEXIST {
        continue
      } catch {
        throw .directoryUnavailable(location.directoryURL, reason: error.description)
      }
    }
  }
}
