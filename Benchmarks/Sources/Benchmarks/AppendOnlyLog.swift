// The floor: records appended to an open file with `write` and `fsync`, and nothing else.

import Models

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An open file that only grows; each append is on stable storage when it returns, unless
/// the log was opened not to sync.
///
/// No durable save can cost less than one `write` and one `fsync`, so this is the floor the
/// other contenders are measured against.
final class AppendOnlyLog: Sendable {
  private let path: String
  private let descriptor: Int32
  private let synchronizes: Bool

  /// Opens `path` for appending, creating it with mode 0600; each append ends with an `fsync`
  /// if `synchronizes`.
  init(path: String, synchronizes: Bool = true) throws(BenchmarkError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw .systemCall("open", path: path, errno: errno) }
    self.path = path
    self.descriptor = descriptor
    self.synchronizes = synchronizes
  }

  deinit {
    close(descriptor)
  }

  /// Writes every byte of `bytes` at the end of the file, then flushes it to stable storage
  /// if the log synchronizes.
  func append(_ bytes: [UInt8]) throws(BenchmarkError) {
    var written = 0
    while written < bytes.count {
      let result = bytes.withUnsafeBytes { buffer in
        let rest = UnsafeRawBufferPointer(rebasing: buffer[written...])
        return write(descriptor, rest.baseAddress, rest.count)
      }
      if result < 0 {
        guard errno == EINTR else { throw .systemCall("write", path: path, errno: errno) }
        continue
      }
      written += result
    }
    if synchronizes { try synchronize() }
  }

  private func synchronize() throws(BenchmarkError) {
    #if canImport(Darwin)
      // Plain fsync on Apple platforms does not reach stable storage; F_FULLFSYNC does.
      if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
    #endif
    while fsync(descriptor) != 0 {
      guard errno == EINTR else { throw .systemCall("fsync", path: path, errno: errno) }
    }
  }
}

extension AppendOnlyLog: DurableStore {
  func save(_ question: Question, record: [UInt8]) throws {
    try append(record)
  }
}
