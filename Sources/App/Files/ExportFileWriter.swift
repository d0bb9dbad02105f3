// Replaces a file with an export all at once, so an interrupted export never leaves half a file.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes an export through a temporary file in the same folder, then renames it over the
/// destination.
///
/// The temporary file is synced before the rename and the folder after it, so a crash or a
/// power cut leaves either the older file or the whole new one. A file that already exists
/// keeps its permissions (a private 0600 export stays private); a new one gets 0666 less the
/// umask, as any new file. A symbolic link at the path is followed, so the file it points to
/// is replaced, not the link. If anything fails, the temporary file is removed. A process
/// killed mid-write can leave one behind, named `.<name>.export-<pid>-<random>`.
nonisolated enum ExportFileWriter {
  /// Replaces the file at `url` with `bytes`.
  ///
  /// - Parameter displayPath: The path as the person typed it, for messages.
  /// - Throws: ``AppError/unwritableFile(_:reason:)``; the destination is then untouched.
  static func replaceFile(at url: URL, with bytes: [UInt8], displayPath: String) throws(AppError) {
    let target = url.resolvingSymlinksInPath()
    let folder = target.deletingLastPathComponent().path
    func failure(_ reason: String) -> AppError { .unwritableFile(displayPath, reason: reason) }

    let keptMode = try existingMode(of: target.path, failure: failure)
    let temporary =
      "\(folder)/.\(target.lastPathComponent).export-\(getpid())-"
      + String(UInt32.random(in: .min ... .max), radix: 16)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else {
      throw failure(
        errno == ENOENT ? "the folder \(folder) does not exist" : Errno.message(errno))
    }
    var renamed = false
    defer {
      close(descriptor)
      if !renamed { unlink(temporary) }
    }
    if let keptMode, fchmod(descriptor, keptMode) != 0 { throw failure(Errno.message(errno)) }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return write(descriptor, base + written, buffer.count - written)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { throw failure(Errno.message(count < 0 ? errno : EIO)) }
      written += count
    }
    guard fsync(descriptor) == 0 else { throw failure(Errno.message(errno)) }
    guard rename(temporary, target.path) == 0 else { throw failure(Errno.message(errno)) }
    renamed = true
    let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directory >= 0 {
      _ = fsync(directory)  // The rename is done; a failed folder sync only weakens durability.
      close(directory)
    }
  }

  /// The permissions of the regular file at `path`, `nil` when there is none.
  private static func existingMode(
    of path: String, failure: (String) -> AppError
  ) throws(AppError) -> mode_t? {
    var status = stat()
    guard stat(path, &status) == 0 else {
      if errno == ENOENT { return nil }
      throw failure(Errno.message(errno))
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw failure("it is not a regular file (a folder, perhaps)")
    }
    return status.st_mode & 0o7777
  }
}
