// The few file system calls the SQLite store makes itself, beside SQLite's own.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Creating a store's file privately, and syncing the write-ahead log of a lossy store.
enum SystemCalls {
  /// Creates the file at `path`, readable and writable by its owner only, without following
  /// a symbolic link; returns its descriptor, or -1 with `errno` set (`EEXIST` if there is
  /// one already).
  static func createExclusively(_ path: String) -> Int32 {
    open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
  }

  /// Syncs the file or folder at `path` to stable storage; returns why it failed, or `nil`.
  /// A missing file is no failure when `ignoringMissing`.
  static func sync(_ path: String, ignoringMissing: Bool) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      if ignoringMissing && errno == ENOENT { return nil }
      return String(cString: strerror(errno))
    }
    defer { close(descriptor) }
    #if canImport(Darwin)
      // On Apple platforms only F_FULLFSYNC reaches stable storage.
      if fcntl(descriptor, F_FULLFSYNC) == 0 { return nil }
    #endif
    return fsync(descriptor) == 0 ? nil : String(cString: strerror(errno))
  }
}
