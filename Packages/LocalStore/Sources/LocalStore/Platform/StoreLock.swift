// The lock that serialises writers of one store, across actors and processes: a flock on <store>.lock.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The store's lock: a `flock` on `<store>.lock`, a file beside the store that is never
/// renamed, taken exclusively to change the store and shared to read it whole, and a `flock`
/// on the store's folder, which no rename of the lock file can swap.
///
/// Locking the store file itself would not work: every snapshot write renames a new file over
/// it, so a second writer could lock the old inode while the first replaces it. Each open of
/// the lock file is a holder of its own, so two repositories on one store in one process
/// exclude each other just as two processes do.
///
/// The lock file can be swapped all the same: removed, renamed or replaced by a person or a
/// tool while a writer holds it, after which the next writer locks whatever file is at the
/// path now, and two writers hold "the lock" at once. Checking the file's identity again
/// before each write would only narrow that window, never close it. So the folder, which a
/// rename of the lock file leaves in place, is locked as well, in one of two ways:
///
/// - **Shared**, when the lock file is one a holder of the folder's exclusive lock has
///   vouched for: it holds the mark `store lock <device>:<inode>` with its own identity. A
///   removed or renamed lock file leaves nothing at the path, and a replacement, even a copy,
///   has another inode, so its mark does not match. Writers of other stores in the folder
///   share it and do not wait for each other.
/// - **Exclusively**, when it is not (a new lock file, a replaced one, a store from before
///   the mark): the holder waits until no writer of the folder holds it, including one still
///   holding a lock file that is no longer at the path, then writes the mark. A reader does
///   the same when there is no lock file at all.
///
/// Every acquisition also checks, once it holds both, that the lock file is still the one at
/// the path, and starts again when it is not, so writers meet on one file again once the
/// tampering stops (checked earlier, a file swapped meanwhile would pass, and share the
/// folder with the writer that came in through the swap). A lock file moved away and put
/// back over its successor while writers hold both is the one case the mark cannot tell.
/// Where the folder cannot be opened for reading, the lock file alone is locked.
///
/// A writer waiting for the lock says so (see ``othersAreWaiting``), so that a holder that
/// keeps it for a burst of changes can let it go for a turn.
///
/// Not thread-safe: one ``LocalRepository`` owns it and uses it on its actor.
final class StoreLock {
  /// The lock file's path: `<store>.lock`.
  let path: String
  let location: StoreLocation
  let fileSystem: any FileSystem
  /// How long to wait for another holder before giving up.
  let timeout: Duration
  /// The lock file, opened (and created if needed) for writers, kept open between changes.
  private var file: OpenFile?
  /// The store's folder, opened for its `flock` with the lock file and closed with it; `nil`
  /// where it cannot be opened.
  private var folder: Int32?
  /// The identity of the kept lock file once it is known to bear its mark, so that the mark
  /// is read once per file, not once per change.
  private var knownMarked: (device: UInt64, inode: UInt64)?
  /// Whether this instance holds the lock exclusively now.
  private(set) var isHeld = false
  /// When this instance last took the lock, while it holds it.
  private(set) var heldSince: ContinuousClock.Instant?

  init(location: StoreLocation, fileSystem: any FileSystem, timeout: Duration) {
    self.location = location
    self.fileSystem = fileSystem
    self.timeout = timeout
    path = location.path + ".lock"
  }

  /// An open lock file and its identity, taken when it was opened.
  typealias OpenFile = (descriptor: Int32, device: UInt64, inode: UInt64)

  deinit {
    close()
  }

  /// Takes the lock exclusively, creating the folder (0700) and the lock file (0600) if
  /// needed, and keeps it until ``unlock()``. Already held, it only checks that its file is
  /// still the one at the path.
  ///
  /// - Returns: Whether it was held all along since the last call, so that nobody else can
  ///   have written meanwhile; `false` when it had to be taken (again).
  /// - Throws: ``PersistenceError/lockTimeout(_:seconds:)`` when another writer holds it for
  ///   longer than the timeout, ``PersistenceError/lockFailed(_:reason:)`` when the lock file
  ///   cannot be opened or locked, ``PersistenceError/directoryUnavailable(_:reason:)``.
  @discardableResult
  func lock(creatingTheFolder: Bool = true) throws(PersistenceError) -> Bool {
    if isHeld, let file {
      if (try? isAtPath(file)) == true { return true }
      unlock()
    }
    let deadline = ContinuousClock.now + timeout
    while true {
      // Once the lock file is open, the folder is there: were it removed or renamed, the
      // file would be gone from the path, and `.moved` would bring this loop back here.
      if file == nil && creatingTheFolder {
        try DirectoryCreator(fileSystem: fileSystem).create(location.directoryURL)
      }
      let file = try openForWriters()
      let acquired: Acquisition
      do {
        acquired = try acquire(file, folder: folder, exclusive: true, until: deadline)
      } catch {
        close()  // Whatever state the lock is in, closing the descriptor releases it.
        throw error
      }
      switch acquired {
      case .held:
        isHeld = true
        heldSince = .now
        return false
      case .timedOut: throw timedOut()
      case .moved, .cancelled: close()
      }
    }
  }

  /// Lets go of the lock; the lock file stays open for the next change.
  func unlock() {
    guard isHeld, let file else { return }
    isHeld = false
    heldSince = nil
    // A lock that cannot be released is released for certain by closing its descriptor.
    if let folder, (try? fileSystem.unlock(folder, path: location.directory)) == nil {
      close()
      return
    }
    if (try? fileSystem.unlock(file.descriptor, path: path)) == nil { close() }
  }

  /// Whether another writer or reader waits for this store's lock now. One `fcntl` asking
  /// for a range lock that waiting holders take on the lock file (see
  /// ``WaitingHolders``); always `false` where such locks do not exist, or before the lock
  /// file was first opened.
  var othersAreWaiting: Bool {
    guard let file else { return false }
    return fileSystem.othersWait(file.descriptor, path: path)
  }

  /// Runs `body` holding the lock exclusively: taken for it and released after, or, when
  /// held already, simply used and kept.
  func withExclusiveLock<Result>(
    creatingTheFolder: Bool = true, _ body: () throws(PersistenceError) -> Result
  ) throws(PersistenceError) -> Result {
    guard !isHeld else { return try body() }
    try lock(creatingTheFolder: creatingTheFolder)
    defer { unlock() }
    return try body()
  }

  /// Like ``withExclusiveLock(creatingTheFolder:_:)``, but never creates the folder: when it
  /// is gone, returns `nil` without running `body`. A follower catches up this way, so that
  /// it never brings back a folder somebody removed.
  func withExclusiveLockIfTheFolderExists<Result>(
    _ body: () throws(PersistenceError) -> Result
  ) throws(PersistenceError) -> Result? {
    guard isHeld || !folderIsGone else { return nil }
    return try withExclusiveLock(creatingTheFolder: false, body)
  }

  // MARK: - The flock

  /// What ``StoreLock/acquire(_:folder:exclusive:until:isCancelled:)`` got.
  enum Acquisition {
    case held, timedOut, cancelled
    /// Locked, but the file is no longer the one at the path; released again.
    case moved
  }

  /// Takes the lock on `file`, waiting for it until `deadline` (a blocking sleep is right:
  /// this runs on the repository's own queue), then the lock on `folder`: shared when `file`
  /// bears its own mark, else exclusively, marking `file` then if it can; and checks, holding
  /// both, that `file` is still the one at the path. While it waits, it says so on `file`
  /// (see ``WaitingHolders``).
  func acquire(
    _ file: OpenFile, folder: Int32?, exclusive: Bool,
    until deadline: ContinuousClock.Instant, isCancelled: () -> Bool = { false }
  ) throws(PersistenceError) -> Acquisition {
    var announced = false
    defer { if announced { fileSystem.withdrawWaiting(file.descriptor, path: path) } }
    var fileIsLocked = false
    var folderIsLocked = false
    do {
      let taken = try take(
        file.descriptor, path: path, exclusive: exclusive, until: deadline,
        isCancelled: isCancelled,
        whileWaiting: {
          if !announced && ContinuousClock.now < deadline {
            announced = fileSystem.announceWaiting(file.descriptor, path: path)
          }
        })
      guard case .held = taken else { return taken }
      fileIsLocked = true
      let vouchedFor =
        folder != nil
        && ((knownMarked.map { $0 == (file.device, file.inode) } ?? false) || isMarked(file))
      if let folder {
        let folderTaken = try take(
          folder, path: location.directory, exclusive: !vouchedFor, until: deadline,
          isCancelled: isCancelled)
        guard case .held = folderTaken else {
          try? fileSystem.unlock(file.descriptor, path: path)
          return folderTaken
        }
        folderIsLocked = true
      }
      // Checked once the folder is held: a file swapped before would otherwise pass the check
      // and then wait, shared, behind the writer that came in through the swap and made the
      // new file trusted.
      guard try isAtPath(file) else {
        release(file, folder: folder)
        return .moved
      }
      guard folder != nil else { return .held }
      if !vouchedFor { mark(file) }
      if file.descriptor == self.file?.descriptor, vouchedFor || isMarked(file) {
        knownMarked = (file.device, file.inode)
      }
    } catch {
      if folderIsLocked, let folder { try? fileSystem.unlock(folder, path: location.directory) }
      if fileIsLocked { try? fileSystem.unlock(file.descriptor, path: path) }
      throw .lockFailed(URL(fileURLWithPath: path, isDirectory: false), reason: error.description)
    }
    return .held
  }

  /// Whether the file at the path is `file` (device and inode, taken when it was opened).
  private func isAtPath(_ file: OpenFile) throws(SystemCallError) -> Bool {
    do {
      let current = try fileSystem.status(ofPath: path)
      return current.device == file.device && current.inode == file.inode
    } catch  where error.isMissing || error.code == ENOTDIR {
      return false  // Gone, or its folder is no longer a folder.
    }
  }

  /// The lock file for writers, opened (and created, mode 0600) once and kept, with the
  /// folder.
  private func openForWriters() throws(PersistenceError) -> OpenFile {
    if let file { return file }
    do {
      let opened = try open(creating: true)
      file = opened
      folder = openFolder()
      return opened
    } catch {
      throw .storeFile(error) {
        .lockFailed(URL(fileURLWithPath: path, isDirectory: false), reason: $0.description)
      }
    }
  }

  /// Opens the lock file, only if it is a regular file (see
  /// ``FileSystem/openStoreFile(_:flags:mode:)``), read-only unless `creating`, and notes its
  /// identity from the status that open took.
  func open(creating: Bool) throws(SystemCallError) -> OpenFile {
    let status: FileStatus
    let descriptor: Int32
    if creating {
      (descriptor, status, _) = try fileSystem.createStoreFile(path, permissions: 0o600)
    } else {
      (descriptor, status) = try fileSystem.openStoreFile(path, flags: O_RDONLY, mode: 0)
    }
    return (descriptor, status.device, status.inode)
  }

  /// Closes the writers' lock file and the folder, which releases the lock if held.
  private func close() {
    if let file { try? fileSystem.close(file.descriptor, path: path) }
    if let folder { try? fileSystem.close(folder, path: location.directory) }
    file = nil
    folder = nil
    knownMarked = nil
    isHeld = false
    heldSince = nil
  }

  /// Whether the store's folder, or a folder on its path, is not there.
  private var folderIsGone: Bool {
    do {
      _ = try fileSystem.status(ofPath: location.directory)
      return false
    } catch {
      return error.isMissing || error.code == ENOTDIR
    }
  }

  func timedOut() -> PersistenceError {
    let parts = timeout.components
    return .lockTimeout(
      location.fileURL, seconds: Double(parts.seconds) + Double(parts.attoseconds) / 1e18)
  }
}
