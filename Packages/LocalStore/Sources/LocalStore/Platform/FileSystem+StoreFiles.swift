// Opening a store's own files: never through a symbolic link, never blocking on a FIFO.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileSystem {
  /// Opens `path`, a file of a store, only if it is a regular file (or, with `O_CREAT`, absent).
  ///
  /// `O_NOFOLLOW` makes a symbolic link at the path fail the open instead of reaching (or
  /// creating) its target, and `O_NONBLOCK` makes a FIFO open at once instead of waiting for
  /// a writer; `fstat` of the descriptor then refuses anything but a regular file before a
  /// byte is read or written. So nothing outside the store's folder is ever read, created,
  /// truncated or written through one of its names.
  ///
  /// - Returns: The descriptor, and the status that `fstat` gave: callers take the size and
  ///   identity from it rather than asking again.
  /// - Throws: A ``SystemCallError`` whose ``SystemCallError/foundKind`` says what was there
  ///   when it is not a regular file, or the failure of `open` or `fstat`.
  func openStoreFile(
    _ path: String, flags: Int32, mode: mode_t
  ) throws(SystemCallError) -> (descriptor: Int32, status: FileStatus) {
    let descriptor: Int32
    do {
      descriptor = try open(path, flags: flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, mode: mode)
    } catch  where error.code == ELOOP {
      throw .notRegular("open", path: path, kind: .symbolicLink)
    }
    let found: FileStatus
    do {
      found = try status(ofDescriptor: descriptor, path: path)
    } catch {
      try? close(descriptor, path: path)
      throw error
    }
    guard found.kind == .regular else {
      try? close(descriptor, path: path)
      throw .notRegular("open", path: path, kind: found.kind)
    }
    return (descriptor, found)
  }
}

extension FileSystem {
  /// Opens `path`, a file of a store, for reading and writing, creating it if it is absent;
  /// returns the descriptor, its status and whether this call created the file.
  ///
  /// A file it creates gets exactly `permissions`, set with `fchmod` after the create, since
  /// the umask may have masked them (under `umask 277` a lock file would otherwise be
  /// read-only, and the store unusable). A file that was there keeps its own.
  func createStoreFile(
    _ path: String, permissions: mode_t
  ) throws(SystemCallError) -> (descriptor: Int32, status: FileStatus, created: Bool) {
    while true {
      var opened: (descriptor: Int32, status: FileStatus)
      do {
        opened = try openStoreFile(path, flags: O_RDWR | O_CREAT | O_EXCL, mode: permissions)
      } catch  where error.code == EEXIST {
        do {
          let existing = try openStoreFile(path, flags: O_RDWR, mode: 0)
          return (existing.descriptor, existing.status, false)
        } catch  where error.isMissing {
          continue  // Removed between the two opens: create it after all.
        }
      }
      do {
        try setPermissions(opened.descriptor, path: path, permissions)
      } catch {
        try? close(opened.descriptor, path: path)
        throw error
      }
      opened.status.permissions = permissions
      return (opened.descriptor, opened.status, true)
    }
  }
}

extension PersistenceError {
  /// `notARegularFile` when `error` says the path holds something other than a regular file,
  /// else what `otherwise` makes of it.
  static func storeFile(
    _ error: SystemCallError, otherwise: (SystemCallError) -> PersistenceError
  ) -> PersistenceError {
    if let kind = error.foundKind {
      return .notARegularFile(
        URL(fileURLWithPath: error.path, isDirectory: false), found: kind.noun)
    }
    return otherwise(error)
  }
}
