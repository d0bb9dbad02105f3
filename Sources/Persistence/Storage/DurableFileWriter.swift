// Replaces a file's bytes so that a crash or power cut leaves either the old or the new bytes.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a whole file durably: temporary file, flush, rename, flush the folder.
///
/// The sequence, each step through ``FileSystem`` so tests can fail any one of them:
/// 1. create `.<name>.tmp-<random>` beside the target with `O_CREAT | O_EXCL | O_CLOEXEC`,
///    with the target's permissions (0600 for a new file), re-applied with `fchmod`
///    because the umask may have masked them;
/// 2. write every byte, then `fsync` (`F_FULLFSYNC` on Apple platforms) and `close`;
/// 3. `rename` it over the target, which is atomic: readers see the old or the new file;
/// 4. `fsync` the folder, so the rename itself survives a power cut.
///
/// A failure before the rename removes the temporary file and leaves the target as it was.
/// A failure after it is reported apart, because the new bytes are already in place.
struct DurableFileWriter: Sendable {
  /// Why a replacement did not complete.
  enum Failure: Error, Sendable {
    /// The target was not touched.
    case notWritten(SystemCallError)
    /// The target holds the new bytes (whose status is given), but the folder could not be
    /// flushed.
    case writtenButNotDurable(SystemCallError, written: FileStatus)
  }

  let fileSystem: any FileSystem

  /// Replaces the contents of `target` with `bytes`.
  ///
  /// - Parameters:
  ///   - target: The file's absolute path.
  ///   - directory: The folder holding it, which is flushed after the rename.
  ///   - bytes: The complete new contents.
  ///   - newFilePermissions: The mode for a target that does not exist yet.
  /// - Returns: The status of the new file, now at `target`.
  @discardableResult
  func replaceContents(
    of target: String, in directory: String, with bytes: [UInt8],
    newFilePermissions: mode_t = 0o600
  ) throws(Failure) -> FileStatus {
    let temporary = directory + "/" + TemporaryFileName.make(for: target)
    let written: FileStatus
    do throws(SystemCallError) {
      let permissions = try existingPermissions(of: target) ?? newFilePermissions
      let descriptor = try fileSystem.open(
        temporary, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: permissions)
      do throws(SystemCallError) {
        try fileSystem.setPermissions(descriptor, path: temporary, permissions)
        try writeAll(bytes, to: descriptor, path: temporary)
        try fileSystem.synchronize(descriptor, path: temporary)
        written = try fileSystem.status(ofDescriptor: descriptor, path: temporary)
      } catch {
        try? fileSystem.close(descriptor, path: temporary)
        throw error
      }
      try fileSystem.close(descriptor, path: temporary)
      try fileSystem.rename(temporary, to: target)
    } catch {
      try? fileSystem.unlink(temporary)
      throw .notWritten(error)
    }
    do {
      try synchronizeDirectory(directory)
    } catch {
      throw .writtenButNotDurable(error, written: written)
    }
    return written
  }

  private func existingPermissions(of path: String) throws(SystemCallError) -> mode_t? {
    do {
      return try fileSystem.status(ofPath: path).permissions
    } catch  where error.isMissing {
      return nil
    }
  }

  private func writeAll(
    _ bytes: [UInt8], to descriptor: Int32, path: String
  )
    throws(SystemCallError)
  {
    var offset = 0
    while offset < bytes.count {
      // `withUnsafeBytes` rethrows as `any Error`, so carry the typed error out as a Result.
      let written = try bytes.withUnsafeBytes { buffer in
        Result { () throws(SystemCallError) in
          try fileSystem.write(
            descriptor, path: path, from: UnsafeRawBufferPointer(rebasing: buffer[offset...]))
        }
      }.get()
      // A regular file never accepts zero bytes of a non-empty write unless something is wrong.
      guard written > 0 else { throw SystemCallError(call: "write", path: path, code: EIO) }
      offset += written
    }
  }

  private func synchronizeDirectory(_ directory: String) throws(SystemCallError) {
    let descriptor = try fileSystem.open(
      directory, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC, mode: 0)
    defer { try? fileSystem.close(descriptor, path: directory) }
    try fileSystem.synchronize(descriptor, path: directory)
  }
}
