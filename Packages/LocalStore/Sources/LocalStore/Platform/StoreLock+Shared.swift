// The store's lock, continued: reading under it, and taking it only when nobody holds it.

import Foundation

extension StoreLock {
  /// Runs `body` while no writer can change the store, for a consistent read of snapshot and
  /// journal together. Where the lock file cannot be opened (a read-only folder, no folder
  /// yet) nobody can be writing, and `body` runs without it. `isCancelled` is asked while
  /// waiting for another holder.
  ///
  /// - Returns: What `body` returned, or `nil` when `isCancelled` said so before it ran.
  /// - Throws: What ``lock(creatingTheFolder:)`` throws, but never creating anything; or what
  ///   `body` throws.
  func withSharedLock<Result>(
    isCancelled: () -> Bool = { false }, _ body: () throws(PersistenceError) -> Result
  ) throws(PersistenceError) -> Result? {
    let deadline = ContinuousClock.now + timeout
    while true {
      let folder = openFolder()
      defer { if let folder { try? fileSystem.close(folder, path: location.directory) } }
      let file: OpenFile
      do {
        file = try open(creating: false)
      } catch  where error.foundKind != nil {
        throw .storeFile(error) { _ in
          .lockFailed(URL(fileURLWithPath: path, isDirectory: false), reason: "")
        }
      } catch {
        // No lock file to lock: a writer may still hold one that was removed or renamed,
        // and holds the folder then.
        guard let folder else { return try body() }
        let taken: Acquisition
        do {
          taken = try take(
            folder, path: location.directory, exclusive: true, until: deadline,
            isCancelled: isCancelled)
        } catch {
          throw .lockFailed(
            URL(fileURLWithPath: location.directory, isDirectory: true), reason: error.description)
        }
        switch taken {
        case .held:
          defer { try? fileSystem.unlock(folder, path: location.directory) }
          return try body()
        case .timedOut: throw timedOut()
        case .cancelled, .moved: return nil
        }
      }
      defer { try? fileSystem.close(file.descriptor, path: path) }
      switch try acquire(
        file, folder: folder, exclusive: false, until: deadline, isCancelled: isCancelled)
      {
      case .held:
        defer { release(file, folder: folder) }
        return try body()
      case .timedOut: throw timedOut()
      case .cancelled: return nil
      case .moved: continue
      }
    }
  }

  /// Runs `body` holding the lock exclusively if the lock file exists and nobody holds the
  /// lock right now; does nothing otherwise, and never creates the lock file.
  func ifUncontended(_ body: () -> Void) {
    guard !isHeld, let file = try? open(creating: false) else { return }
    let folder = openFolder()
    defer {
      try? fileSystem.close(file.descriptor, path: path)
      if let folder { try? fileSystem.close(folder, path: location.directory) }
    }
    guard case .held = try? acquire(file, folder: folder, exclusive: true, until: .now) else {
      return
    }
    defer { release(file, folder: folder) }
    body()
  }
}
