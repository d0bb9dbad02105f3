// Reads the whole file to import, or standard input, up to a size cap, naming the reason on failure.

import Foundation
import TerminalUI

/// Reads a file to import into memory, refusing one larger than ``maximumSize``.
nonisolated enum ImportFileReader {
  /// The largest input `import` reads: 64 MiB, about 300,000 questions. Parsing takes several
  /// times the file's size in memory, so without a cap a 2 GB file took 7 GB and a minute to
  /// refuse. A regular file is checked before a byte is read; a pipe is read until one byte
  /// past the cap.
  static let maximumSize = 64 << 20

  /// The size of each read from a pipe or a file.
  private static let chunkSize = 1 << 20

  /// The contents of the file at `url`, or of standard input when `url` is `nil`.
  ///
  /// - Parameters:
  ///   - url: The file to read; `nil` for standard input.
  ///   - displayPath: The path as the person typed it, for messages.
  /// - Throws: ``AppError/unreadableFile(_:reason:)``, or ``AppError/importTooLarge(_:limit:)``
  ///   when there are more than ``maximumSize`` bytes.
  static func read(_ url: URL?, displayPath: String) throws(AppError) -> Data {
    guard let url else {
      return try readCapped(FileHandle.standardInput, displayPath: displayPath)
    }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
      throw .unreadableFile(displayPath, reason: "there is no such file")
    }
    guard !isFolder.boolValue else {
      throw .unreadableFile(displayPath, reason: "it is a folder, not a file")
    }
    let handle: FileHandle
    do {
      handle = try FileHandle(forReadingFrom: url)
    } catch {
      throw .unreadableFile(displayPath, reason: reason(for: error))
    }
    defer { try? handle.close() }
    let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
    if attributes?[.type] as? FileAttributeType == .typeRegular,
      let size = attributes?[.size] as? Int, size > maximumSize
    {
      throw .importTooLarge(displayPath, limit: maximumSize)
    }
    return try readCapped(handle, displayPath: displayPath)
  }

  /// Everything `handle` holds, read in chunks, refused once it passes ``maximumSize``.
  private static func readCapped(
    _ handle: FileHandle, displayPath: String
  ) throws(AppError) -> Data {
    var data = Data()
    while true {
      let chunk: Data?
      do {
        chunk = try handle.read(upToCount: chunkSize)
      } catch {
        throw .unreadableFile(displayPath, reason: reason(for: error))
      }
      guard let chunk, !chunk.isEmpty else { return data }
      data.append(chunk)
      guard data.count <= maximumSize else {
        throw .importTooLarge(displayPath, limit: maximumSize)
      }
    }
  }

  /// The system's reason for a failed open or read.
  private static func reason(for error: any Error) -> String {
    let nsError = error as NSError
    let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError
    if underlying?.domain == NSPOSIXErrorDomain, let code = underlying?.code, code != 0 {
      return Errno.message(Int32(code))
    }
    if nsError.domain == NSPOSIXErrorDomain, nsError.code != 0 {
      return Errno.message(Int32(nsError.code))
    }
    return error.localizedDescription
  }
}
