// The store's lock, continued: the folder's lock, the lock file's mark, and the wait for a flock.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension StoreLock {
  /// Takes the `flock` on `descriptor`, trying again after a pause that grows to 1 ms, until
  /// `deadline`; calls `whileWaiting` after each try that failed.
  func take(
    _ descriptor: Int32, path: String, exclusive: Bool, until deadline: ContinuousClock.Instant,
    isCancelled: () -> Bool, whileWaiting: () -> Void = {}
  ) throws(SystemCallError) -> Acquisition {
    var pause = 50e-6
    while try !fileSystem.tryLock(descriptor, path: path, exclusive: exclusive) {
      whileWaiting()
      guard !isCancelled() else { return .cancelled }
      guard ContinuousClock.now < deadline else { return .timedOut }
      Thread.sleep(forTimeInterval: pause)
      // Short enough to catch the turn a busy writer gives a waiting one.
      pause = min(pause * 2, 0.001)
    }
    return .held
  }

  /// Lets go of the folder's lock, then of `file`'s, after a shared or borrowed acquisition.
  func release(_ file: OpenFile, folder: Int32?) {
    if let folder { try? fileSystem.unlock(folder, path: location.directory) }
    try? fileSystem.unlock(file.descriptor, path: path)
  }

  /// The mark a holder of the folder's exclusive lock writes into a lock file it vouches for:
  /// its first ``SyncedMark/offset`` bytes, the line padded with zeros. The journal's synced
  /// mark follows it.
  func markText(of file: OpenFile) -> [UInt8] {
    let line = Array("store lock \(file.device):\(file.inode)\n".utf8)
    return line + [UInt8](repeating: 0, count: max(0, Int(SyncedMark.offset) - line.count))
  }

  /// Whether `file` holds its own mark: no copy, replacement or new file does.
  func isMarked(_ file: OpenFile) -> Bool {
    let expected = markText(of: file)
    var bytes = [UInt8](repeating: 0, count: expected.count)
    let count = bytes.withUnsafeMutableBytes { buffer in
      (try? fileSystem.read(file.descriptor, path: path, at: 0, into: buffer)) ?? 0
    }
    return count == expected.count && bytes.elementsEqual(expected)
  }

  /// Writes `file`'s mark into it; call it holding the folder's exclusive lock. Best effort:
  /// a lock file that cannot be written (opened read-only, a full disk) stays unmarked, and
  /// the next holder takes the folder exclusively again. Never synced: a mark lost to a
  /// power cut costs the same.
  func mark(_ file: OpenFile) {
    let text = markText(of: file)
    _ = text.withUnsafeBytes { buffer in
      try? fileSystem.write(file.descriptor, path: path, at: 0, from: buffer)
    }
  }

  /// The store's folder, opened read-only for its `flock` (not through a symbolic link put
  /// there since the store was opened); `nil` where it cannot be opened.
  func openFolder() -> Int32? {
    try? fileSystem.open(
      location.directory, flags: O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC, mode: 0)
  }
}
