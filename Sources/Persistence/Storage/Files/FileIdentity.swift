// What tells one version of a file from another, to notice that another writer replaced it.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What identifies one version of a file: a write creates a new inode, and a change in place
/// changes the size or the modification time.
struct FileIdentity: Equatable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modificationTime: Int64
  /// The permission bits, which the journal copies when it is created.
  var permissions: mode_t

  init(_ status: FileStatus) {
    device = status.device
    inode = status.inode
    size = status.size
    modificationTime = status.modificationTime
    permissions = status.permissions
  }
}
