// The real file system: thin wrappers over POSIX calls that retry on EINTR and report errno.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// ``FileSystem`` backed by the operating system.
struct SystemFileSystem: FileSystem {
  /// Opens `path`, never as descriptor 0, 1 or 2.
  ///
  /// A program started with a standard stream closed gets the next file it opens in that
  /// slot, and then prints into it: with stdout closed, a store file opened as descriptor 1
  /// would receive the program's output. As SQLite's `robust_open` does, a descriptor below 3
  /// is moved above 2, and `/dev/null` is left open read-only in the low slot for the life of
  /// the process: later opens skip the slot, and the stream stays closed in effect, since a
  /// write to it still fails (`EBADF`) where a writable placeholder would swallow it unseen.
  func open(_ path: String, flags: Int32, mode: mode_t) throws(SystemCallError) -> Int32 {
    let descriptor = try retrying("open", path) { systemOpen(path, flags, mode) }
    guard descriptor <= 2 else { return descriptor }
    let moved = fcntl(descriptor, F_DUPFD_CLOEXEC, 3)
    let code = errno
    _ = systemClose(descriptor)
    // The lowest free slot, normally the one just freed; one taken by another thread
    // meanwhile is left to it, and a higher slot than 2 is not needed.
    let placeholder = systemOpen("/dev/null", O_RDONLY, 0)
    if placeholder > 2 { _ = systemClose(placeholder) }
    guard moved >= 0 else { throw SystemCallError(call: "fcntl", path: path, code: code) }
    return moved
  }

  func close(_ descriptor: Int32, path: String) throws(SystemCallError) {
    // Never retry close: on Linux the descriptor is gone even when it reports EINTR.
    if systemClose(descriptor) != 0 {
      throw SystemCallError(call: "close", path: path, code: errno)
    }
  }

  func read(
    _ descriptor: Int32, path: String, into buffer: UnsafeMutableRawBufferPointer
  )
    throws(SystemCallError) -> Int
  {
    try retrying("read", path) { systemRead(descriptor, buffer.baseAddress, buffer.count) }
  }

  func write(
    _ descriptor: Int32, path: String, from buffer: UnsafeRawBufferPointer
  )
    throws(SystemCallError) -> Int
  {
    try retrying("write", path) { systemWrite(descriptor, buffer.baseAddress, buffer.count) }
  }

  func duplicate(_ descriptor: Int32, path: String) throws(SystemCallError) -> Int32 {
    // Above 2, like every descriptor of a store file (see `open`).
    try retrying("fcntl", path) { fcntl(descriptor, F_DUPFD_CLOEXEC, 3) }
  }

  func synchronize(_ descriptor: Int32, path: String) throws(SystemCallError) {
    #if canImport(Darwin)
      // Plain fsync on Apple platforms does not reach stable storage; F_FULLFSYNC does.
      // Some file systems (e.g. network shares) do not support it, so fall back to fsync.
      if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
    #endif
    _ = try retrying("fsync", path) { fsync(descriptor) }
  }

  func setPermissions(
    _ descriptor: Int32, path: String, _ permissions: mode_t
  )
    throws(SystemCallError)
  {
    _ = try retrying("fchmod", path) { fchmod(descriptor, permissions) }
  }

  func setPermissions(ofPath path: String, _ permissions: mode_t) throws(SystemCallError) {
    _ = try retrying("chmod", path) { chmod(path, permissions) }
  }

  func status(ofDescriptor descriptor: Int32, path: String) throws(SystemCallError) -> FileStatus {
    var info = stat()
    _ = try retrying("fstat", path) { fstat(descriptor, &info) }
    return FileStatus(info)
  }

  func status(ofPath path: String) throws(SystemCallError) -> FileStatus {
    var info = stat()
    _ = try retrying("lstat", path) { lstat(path, &info) }
    return FileStatus(info)
  }

  func rename(_ source: String, to destination: String) throws(SystemCallError) {
    _ = try retrying("rename", destination) { systemRename(source, destination) }
  }

  func link(_ source: String, to destination: String) throws(SystemCallError) {
    _ = try retrying("link", destination) { systemLink(source, destination) }
  }

  func unlink(_ path: String) throws(SystemCallError) {
    _ = try retrying("unlink", path) { systemUnlink(path) }
  }

  func makeDirectory(_ path: String, permissions: mode_t) throws(SystemCallError) {
    _ = try retrying("mkdir", path) { mkdir(path, permissions) }
  }

  func contentsOfDirectory(_ path: String) throws(SystemCallError) -> [String] {
    guard let stream = opendir(path) else {
      throw SystemCallError(call: "opendir", path: path, code: errno)
    }
    defer { closedir(stream) }
    var names: [String] = []
    while true {
      errno = 0
      guard let entry = readdir(stream) else {
        if errno != 0 { throw SystemCallError(call: "readdir", path: path, code: errno) }
        return names
      }
      let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in
        String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
  }

  func tryLock(_ descriptor: Int32, path: String, exclusive: Bool) throws(SystemCallError) -> Bool {
    while flock(descriptor, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) != 0 {
      switch errno {
      case EINTR: continue
      case EWOULDBLOCK: return false
      default: throw SystemCallError(call: "flock", path: path, code: errno)
      }
    }
    return true
  }

  func unlock(_ descriptor: Int32, path: String) throws(SystemCallError) {
    _ = try retrying("flock", path) { flock(descriptor, LOCK_UN) }
  }

  func read(
    _ descriptor: Int32, path: String, at offset: Int64, into buffer: UnsafeMutableRawBufferPointer
  ) throws(SystemCallError) -> Int {
    try retrying("pread", path) {
      pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset))
    }
  }

  func write(
    _ descriptor: Int32, path: String, at offset: Int64, from buffer: UnsafeRawBufferPointer
  ) throws(SystemCallError) -> Int {
    try retrying("pwrite", path) {
      pwrite(descriptor, buffer.baseAddress, buffer.count, off_t(offset))
    }
  }

  func currentPath(of descriptor: Int32) -> String? {
    #if os(Linux)
      // On the stack: a save asks this once, and a heap buffer of PATH_MAX would be its
      // largest allocation.
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Int(PATH_MAX)) { buffer in
        let count = buffer.withMemoryRebound(to: CChar.self) { characters in
          guard let start = characters.baseAddress else { return -1 }
          return readlink("/proc/self/fd/\(descriptor)", start, characters.count)
        }
        guard count > 0, count < buffer.count else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
      }
    #else
      return nil
    #endif
  }

  func truncate(_ descriptor: Int32, path: String, to length: Int64) throws(SystemCallError) {
    _ = try retrying("ftruncate", path) { ftruncate(descriptor, off_t(length)) }
  }

  func announceWaiting(_ descriptor: Int32, path: String) -> Bool {
    WaitingHolders.announce(on: descriptor)
  }

  func withdrawWaiting(_ descriptor: Int32, path: String) {
    WaitingHolders.withdraw(on: descriptor)
  }

  func othersWait(_ descriptor: Int32, path: String) -> Bool {
    WaitingHolders.othersWait(on: descriptor)
  }

  /// Runs a call until it does not fail with `EINTR`; throws on any other failure.
  private func retrying<Result: BinaryInteger>(
    _ call: String, _ path: String, _ body: () -> Result
  ) throws(SystemCallError) -> Result {
    while true {
      let result = body()
      if result >= 0 { return result }
      if errno != EINTR { throw SystemCallError(call: call, path: path, code: errno) }
    }
  }
}

// The C functions this type shadows with methods of the same names, reached from file scope.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
  open(path, flags, mode)
}
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func systemRead(
  _ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int
)
  -> Int
{ read(descriptor, buffer, count) }
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
private func systemRename(_ source: String, _ destination: String) -> Int32 {
  rename(source, destination)
}
private func systemUnlink(_ path: String) -> Int32 { unlink(path) }
private func systemLink(_ source: String, _ destination: String) -> Int32 {
  link(source, destination)
}

extension FileStatus {
  /// A device or inode number as `UInt64`, keeping its bit pattern: `dev_t` is a signed
  /// `Int32` on Darwin, where `UInt64(_:)` would trap on a negative device number, and a
  /// `UInt64` on Linux.
  static func fileNumber(_ value: some BinaryInteger) -> UInt64 {
    UInt64(truncatingIfNeeded: value)
  }

  fileprivate init(_ info: stat) {
    let type = info.st_mode & S_IFMT
    switch type {
    case S_IFREG: kind = .regular
    case S_IFDIR: kind = .directory
    case S_IFLNK: kind = .symbolicLink
    case S_IFIFO: kind = .other("a FIFO")
    case S_IFCHR: kind = .other("a character device")
    case S_IFBLK: kind = .other("a block device")
    case S_IFSOCK: kind = .other("a socket")
    default: kind = .other("a special file")
    }
    size = Int64(info.st_size)
    permissions = info.st_mode & 0o7777
    device = Self.fileNumber(info.st_dev)
    inode = Self.fileNumber(info.st_ino)
    #if canImport(Darwin)
      let modified = info.st_mtimespec
    #else
      let modified = info.st_mtim
    #endif
    modificationTime = Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec)
  }
}
