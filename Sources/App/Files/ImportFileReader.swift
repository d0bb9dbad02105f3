// Reads the whole file to import, or standard input, with a message naming the reason on failure.

import Foundation
import TerminalUI

/// Reads a file to import into memory.
nonisolated enum ImportFileReader {
  /// The contents of the file at `url`, or of standard input when `url` is `nil`.
  ///
  /// - Parameter displayPath: The path as the person typed it, for messages.
  /// - Throws: ``AppError/unreadableFile(_:reason:)``.
  static func read(_ url: URL?, displayPath: String) throws(AppError) -> Data {
    guard let url else {
      do {
        return try FileHandle.standardInput.readToEnd() ?? Data()
      } catch {
        throw .unreadableFile(displayPath, reason: error.localizedDescription)
      }
    }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
      throw .unreadableFile(displayPath, reason: "there is no such file")
    }
    guard !isFolder.boolValue else {
      throw .unreadableFile(displayPath, reason: "it is a folder, not a file")
    }
    do {
      return try Data(contentsOf: url)
    } catch {
      let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
      let code = underlying?.domain == NSPOSIXErrorDomain ? Int32(underlying?.code ?? 0) : 0
      let reason = code != 0 ? Errno.message(code) : error.localizedDescription
      throw .unreadableFile(displayPath, reason: reason)
    }
  }
}
