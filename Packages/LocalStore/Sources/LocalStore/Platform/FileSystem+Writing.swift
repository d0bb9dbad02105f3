// Steps of a durable write that several writers share: writing every byte, flushing a folder.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileSystem {
  /// Writes every byte of `bytes` to `descriptor`, looping over short writes.
  func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(SystemCallError) {
    var written = 0
    try self.writeAll(bytes, to: descriptor, path: path, progress: &written)
  }

  /// Writes the bytes of `bytes` from offset `written` on to `descriptor`, looping over short
  /// writes, and counts in `written` the bytes that reached the file, also when it throws, so
  /// that a caller can cut off a partial write. With `offset`, the bytes go to that position
  /// of the file (`pwrite`) instead of its current one.
  func writeAll(
    _ bytes: [UInt8], to descriptor: Int32, path: String, at offset: Int64? = nil,
    progress written: inout Int
  ) throws(SystemCallError) {
    while written < bytes.count {
      let start = written
      // `withUnsafeBytes` rethrows as `any Error`, so carry the typed error out as a Result.
      let count = try bytes.withUnsafeBytes { buffer in
        Result { () throws(SystemCallError) in
          let rest = UnsafeRawBufferPointer(rebasing: buffer[start...])
          if let offset {
            return try self.write(descriptor, path: path, at: offset + Int64(start), from: rest)
          }
          return try self.write(descriptor, path: path, from: rest)
        }
      }.get()
      // A regular file never accepts zero bytes of a non-empty write unless something is wrong.
      guard count > 0 else { throw SystemCallError(call: "write", path: path, code: EIO) }
      written += count
    }
  }

  /// Flushes `directory` to stable storage, so that the names just created or renamed in it
  /// survive a power cut: `open`, `synchronize`, then `close` whatever happened.
  func synchronizeDirectory(_ directory: String) throws(SystemCallError) {
    let descriptor = try self.open(directory, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC, mode: 0)
    defer { try? self.close(descriptor, path: directory) }
    try self.synchronize(descriptor, path: directory)
  }
}
