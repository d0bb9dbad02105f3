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
///    with the target's permissions (``newFilePermissions`` for a new file), re-applied with
///    `fchmod` because the umask may have masked them;
/// 2. write every byte, then `fsync` (`F_FULLFSYNC` on Apple platforms) and `close`;
/// 3. `rename` it over the target, which is atomic: readers see the old or the new file
///    (the old one keeps a second name until step 4 is done);
/// 4. `fsync` the folder, so the rename itself survives a power cut.
///
/// A failure at any step leaves the target as it was: before the rename the temporary file
/// is removed, after it the old file is put back. Only when putting it back fails too is
/// the failure reported apart, because the new bytes are then in place.
/// ``DurableFile`` is the public face of this sequence.
struct DurableFileWriter: Sendable {
  /// Why a replacement did not complete.
  enum Failure: Error, Sendable {
    /// The target was not touched.
    case notWritten(SystemCallError)
    /// The folder could not be flushed after the rename, and the old file was put back, but
    /// that could not be flushed either: the target reads as before, but a power cut may
    /// still bring the new bytes back.
    case undoneButNotDurable(SystemCallError)
    /// The target holds the new bytes (whose status is given), but the folder could not be
    /// flushed.
    case writtenButNotDurable(SystemCallError, written: FileStatus)
  }

  let fileSystem: any FileSystem
  /// The mode of a file that did not exist: exactly these bits, whatever the umask; or, when
  /// `nil`, 0666 less the umask, as for any new file.
  var newFilePermissions: mode_t? = 0o600

  /// A new file written and flushed beside its target, not yet renamed over it.
  struct Prepared: Sendable {
    /// The temporary file's path.
    let temporary: String
    /// Its status, which is the target's once it is renamed there.
    let status: FileStatus
  }

  /// Replaces the contents of `target` with `bytes`.
  ///
  /// - Parameters:
  ///   - target: The file's absolute path.
  ///   - directory: The folder holding it, which is flushed after the rename.
  ///   - bytes: The complete new contents.
  /// - Returns: The status of the new file, now at `target`.
  func replaceContents(
    of target: String, in directory: String, with bytes: [UInt8]
  ) throws(Failure) -> FileStatus {
    let prepared: Prepared
    do throws(SystemCallError) {
      prepared = try prepare(target, in: directory, with: bytes)
    } catch {
      throw .notWritten(error)
    }
    return try install(prepared, at: target, in: directory)
  }

  /// Steps 1 and 2: `bytes` in a flushed temporary file beside `target`, which nothing reads
  /// yet, so a writer may do this slow part before it takes the store's lock. A failure
  /// removes the temporary file.
  func prepare(
    _ target: String, in directory: String, with bytes: [UInt8]
  ) throws(SystemCallError) -> Prepared {
    let temporary = directory + "/" + TemporaryFileName.make(for: target)
    do throws(SystemCallError) {
      let permissions = try existingPermissions(of: target) ?? newFilePermissions
      let descriptor = try fileSystem.open(
        temporary, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: permissions ?? 0o666)
      let written: FileStatus
      do throws(SystemCallError) {
        if let permissions {
          try fileSystem.setPermissions(descriptor, path: temporary, permissions)
        }
        try fileSystem.writeAll(bytes, to: descriptor, path: temporary)
        try fileSystem.synchronize(descriptor, path: temporary)
        written = try fileSystem.status(ofDescriptor: descriptor, path: temporary)
      } catch {
        try? fileSystem.close(descriptor, path: temporary)
        throw error
      }
      try fileSystem.close(descriptor, path: temporary)
      return Prepared(temporary: temporary, status: written)
    } catch {
      try? fileSystem.unlink(temporary)
      throw error
    }
  }

  /// Steps 3 and 4: renames `prepared` over `target`, then flushes the folder. A failed
  /// rename removes the temporary file.
  ///
  /// Until the folder is flushed, the file it replaces keeps a second name (a hard link with
  /// a temporary name). If the flush fails, that file is renamed back (or, when there was no
  /// file, the new one removed), so that a failed write leaves the target as it was rather
  /// than new bytes a power cut may undo. Only when that fails too, or the file system has
  /// no hard links, is the failure ``Failure/writtenButNotDurable(_:written:)``.
  func install(
    _ prepared: Prepared, at target: String, in directory: String
  ) throws(Failure) -> FileStatus {
    let previous = keepPrevious(of: target, in: directory)
    do throws(SystemCallError) {
      try fileSystem.rename(prepared.temporary, to: target)
    } catch {
      try? fileSystem.unlink(prepared.temporary)
      if case .kept(let name) = previous { try? fileSystem.unlink(name) }
      throw .notWritten(error)
    }
    do {
      try fileSystem.synchronizeDirectory(directory)
    } catch {
      let undone: Bool
      switch previous {
      case .kept(let name): undone = (try? fileSystem.rename(name, to: target)) != nil
      case .none: undone = (try? fileSystem.unlink(target)) != nil
      case .unknown: undone = false
      }
      guard undone else { throw .writtenButNotDurable(error, written: prepared.status) }
      guard (try? fileSystem.synchronizeDirectory(directory)) != nil else {
        throw .undoneButNotDurable(error)
      }
      throw .notWritten(error)
    }
    if case .kept(let name) = previous { try? fileSystem.unlink(name) }
    return prepared.status
  }

  /// What was at a target before it is replaced.
  private enum Previous {
    /// Nothing: undoing the replacement removes the new file.
    case none
    /// A file, which has a second name now.
    case kept(String)
    /// A file that could not be given a second name.
    case unknown
  }

  /// Gives the file at `target`, if any, a second name beside it, to put back later.
  private func keepPrevious(of target: String, in directory: String) -> Previous {
    let name = directory + "/" + TemporaryFileName.make(for: target)
    do {
      try fileSystem.link(target, to: name)
      return .kept(name)
    } catch {
      return error.isMissing ? .none : .unknown
    }
  }

  /// The permissions of the regular file at `path`, `nil` if there is none. Anything else
  /// there is refused: a symbolic link's own mode is 0777, and copying it gave a store
  /// written over a dangling link a world-writable file.
  private func existingPermissions(of path: String) throws(SystemCallError) -> mode_t? {
    let status: FileStatus
    do {
      status = try fileSystem.status(ofPath: path)
    } catch  where error.isMissing {
      return nil
    }
    guard status.kind == .regular else { throw .notRegular("lstat", path: path, kind: status.kind) }
    return status.permissions
  }
}
