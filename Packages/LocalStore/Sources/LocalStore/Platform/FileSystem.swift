// The few system calls the storage makes, behind a protocol so tests can make each one fail.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a path holds, as far as the store cares.
enum FileKind: Sendable, Equatable {
  /// `other` carries the noun for what it is, such as "a FIFO".
  case regular, directory, symbolicLink, other(String)

  /// What the path holds, as a noun phrase for messages: "a folder", "a FIFO".
  var noun: String {
    switch self {
    case .regular: "a regular file"
    case .directory: "a folder"
    case .symbolicLink: "a symbolic link"
    case .other(let noun): noun
    }
  }
}

/// The status of an open file or a path.
struct FileStatus: Sendable, Equatable {
  var kind: FileKind
  var size: Int64
  /// The permission bits, such as `0o600`.
  var permissions: mode_t
  var device: UInt64
  var inode: UInt64
  /// The last modification, in nanoseconds since 1970.
  var modificationTime: Int64
}

/// The system calls behind every read and write of a store.
///
/// ``SystemFileSystem`` is the real one. The fault-injection tests wrap it in a double that
/// fails the N-th call, which is how they prove that a failure at any step of a write leaves
/// the previous file intact.
protocol FileSystem: Sendable {
  /// Opens `path`; the descriptor is never 0, 1 or 2, whatever is closed.
  func open(_ path: String, flags: Int32, mode: mode_t) throws(SystemCallError) -> Int32
  func close(_ descriptor: Int32, path: String) throws(SystemCallError)
  func read(
    _ descriptor: Int32, path: String, into buffer: UnsafeMutableRawBufferPointer
  )
    throws(SystemCallError) -> Int
  func write(
    _ descriptor: Int32, path: String, from buffer: UnsafeRawBufferPointer
  )
    throws(SystemCallError) -> Int
  /// A second descriptor for the same open file, closed on exec (`F_DUPFD_CLOEXEC`), above 2.
  func duplicate(_ descriptor: Int32, path: String) throws(SystemCallError) -> Int32
  /// Flushes a file or folder to stable storage (`F_FULLFSYNC` on Apple platforms).
  func synchronize(_ descriptor: Int32, path: String) throws(SystemCallError)
  func setPermissions(
    _ descriptor: Int32, path: String, _ permissions: mode_t)
    throws(SystemCallError)
  /// Sets the permission bits of the folder or file at `path` (`chmod`).
  func setPermissions(ofPath path: String, _ permissions: mode_t) throws(SystemCallError)
  func status(ofDescriptor descriptor: Int32, path: String) throws(SystemCallError) -> FileStatus
  /// The status of the path itself; a symbolic link is reported as one, not followed.
  func status(ofPath path: String) throws(SystemCallError) -> FileStatus
  func rename(_ source: String, to destination: String) throws(SystemCallError)
  /// Gives the file at `source` a second name, `destination` (a hard link).
  func link(_ source: String, to destination: String) throws(SystemCallError)
  func unlink(_ path: String) throws(SystemCallError)
  func makeDirectory(_ path: String, permissions: mode_t) throws(SystemCallError)
  /// The names in a folder, without `.` and `..`.
  func contentsOfDirectory(_ path: String) throws(SystemCallError) -> [String]
  /// Takes an advisory `flock` without waiting; `false` when another holder has it.
  func tryLock(_ descriptor: Int32, path: String, exclusive: Bool) throws(SystemCallError) -> Bool
  /// Releases a lock taken with ``tryLock(_:path:exclusive:)``.
  func unlock(_ descriptor: Int32, path: String) throws(SystemCallError)
  /// Reads at `offset` without moving the file position (`pread`).
  func read(
    _ descriptor: Int32, path: String, at offset: Int64, into buffer: UnsafeMutableRawBufferPointer
  ) throws(SystemCallError) -> Int
  /// Writes at `offset` without moving the file position (`pwrite`).
  func write(
    _ descriptor: Int32, path: String, at offset: Int64, from buffer: UnsafeRawBufferPointer
  ) throws(SystemCallError) -> Int
  /// Where an open file is now, as the kernel names it (`/proc/self/fd/<n>` on Linux), with
  /// ` (deleted)` after it once it has no name left; `nil` where that cannot be asked. It
  /// asks nothing of the file's status: see ``Journal/changesSinceLastSeen()``.
  func currentPath(of descriptor: Int32) -> String?
  /// Cuts the file to `length` bytes (`ftruncate`).
  func truncate(_ descriptor: Int32, path: String, to length: Int64) throws(SystemCallError)
  /// Says, on the lock file open as `descriptor`, that its holder waits for the store's lock
  /// (``WaitingHolders/announce(on:)``); whether it could.
  func announceWaiting(_ descriptor: Int32, path: String) -> Bool
  /// Withdraws what ``announceWaiting(_:path:)`` said.
  func withdrawWaiting(_ descriptor: Int32, path: String)
  /// Whether a holder other than the open file `descriptor` says it waits for the store's
  /// lock (``WaitingHolders/othersWait(on:)``).
  func othersWait(_ descriptor: Int32, path: String) -> Bool
}
