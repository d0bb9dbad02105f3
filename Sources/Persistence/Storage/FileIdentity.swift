// What tells one version of a file from another, to notice that another writer replaced it.

/// What identifies one version of a file: a write creates a new inode, and a change in place
/// changes the size or the modification time.
struct FileIdentity: Equatable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modificationTime: Int64

  init(_ status: FileStatus) {
    device = status.device
    inode = status.inode
    size = status.size
    modificationTime = status.modificationTime
  }
}
