// Replaces a file with an export all at once, so an interrupted export never leaves half a file.

import Foundation
import LocalStore

/// Writes an export durably through ``/LocalStore/DurableFile``, the sequence the store uses for its own
/// snapshot.
///
/// The bytes go to a temporary file in the same folder, flushed to stable storage
/// (`F_FULLFSYNC` on Apple platforms), renamed over the destination, and the folder is
/// flushed after the rename, so a crash or a power cut leaves either the older file or the
/// whole new one. A file that already exists keeps its permissions (a private 0600 export
/// stays private); a new one gets 0666 less the umask, as any new file. A symbolic link at
/// the path is followed, so the file it points to is replaced, not the link. If anything
/// fails, the temporary file is removed. A process killed mid-write can leave one behind,
/// named `.<name>.tmp-<16 hex digits>`.
nonisolated enum ExportFileWriter {
  /// Replaces the file at `url` with `bytes`.
  ///
  /// - Parameters:
  ///   - url: The file to replace, or to create.
  ///   - bytes: Its new contents.
  ///   - displayPath: The path as the person typed it, for messages.
  /// - Throws: ``AppError/unwritableFile(_:reason:)``; the destination is then untouched.
  static func replaceFile(at url: URL, with bytes: [UInt8], displayPath: String) throws(AppError) {
    func failure(_ reason: String) -> AppError { .unwritableFile(displayPath, reason: reason) }
    do {
      try DurableFile.write(bytes, to: url, newFilePermissions: .umaskDefault)
    } catch {
      switch error {
      case .outcomeUnknown:
        return  // The new file is in place; a failed folder flush only weakens durability.
      case .directoryUnavailable(let folder, _):
        throw failure("the folder \(folder.path) does not exist")
      case .notARegularFile:
        throw failure("it is not a regular file (a folder, perhaps)")
      case .writeFailed(_, let reason):
        throw failure(reason)
      default:
        throw failure(error.description)
      }
    }
  }
}
