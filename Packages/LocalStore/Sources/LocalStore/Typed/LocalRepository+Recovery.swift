// Explicit recovery from a store that cannot be read: move its bytes aside, never delete them.

import Foundation

extension LocalRepository {
  /// Moves the store's files aside as `<filename>.corrupt-<timestamp>` (and its journal as
  /// `<filename>.journal.corrupt-<timestamp>`), so that the store opens empty next time, and
  /// returns where the snapshot's bytes went.
  ///
  /// This is the one way to get past a file that `open` and `init` refuse to read: the
  /// repository never does it by itself. Nothing is deleted; the bytes stay in the same
  /// folder for a person or a tool to inspect. The move happens under the store's lock, so it
  /// does not race with a writer in another process.
  ///
  /// The snapshot goes first and the folder is synced before the journal follows: a crash
  /// in between leaves a journal whose records are numbered after a snapshot that is not
  /// there, which opening refuses, so moving aside again finishes the job. The other order
  /// would leave the snapshot alone, which opens without the journal's changes and says
  /// nothing.
  ///
  /// ```swift
  /// do {
  ///   repository = try await LocalRepository<Note>.open(filename: "notes.json")
  /// } catch PersistenceError.corrupt(let file, _) {
  ///   let movedTo = try LocalRepository<Note>.moveAside(filename: "notes.json")
  ///   print("\(file.path) could not be read; its bytes are in \(movedTo?.path ?? "-")")
  ///   repository = try await LocalRepository<Note>.open(filename: "notes.json")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - directory: The folder holding the store.
  ///   - filename: The store's file name.
  ///   - now: The time used in the new name.
  /// - Returns: The file's new URL, or `nil` if there was no file to move.
  /// - Throws: ``PersistenceError/recoveryFailed(_:reason:)`` when the file could not be
  ///   moved; it is then still where it was. ``PersistenceError/repairIncomplete(_:reason:)``
  ///   when the snapshot was moved but could be neither made durable nor put back: run it
  ///   again.
  public static func moveAside(
    directory: URL = DataDirectory.default, filename: String = "data.json", now: Date = .now
  ) throws -> URL? {
    try moveAside(
      directory: directory, filename: filename, now: now, fileSystem: SystemFileSystem())
  }

  /// ``moveAside(directory:filename:now:)`` through `fileSystem`, which a test makes fail at
  /// any step.
  static func moveAside(
    directory: URL, filename: String, now: Date, fileSystem: any FileSystem
  ) throws(PersistenceError) -> URL? {
    let location = try StoreLocation(directory: directory, filename: filename)
    let lock = StoreLock(
      location: location, fileSystem: fileSystem, timeout: StoreConfiguration().lockTimeout)
    let stamp = RecoveryStamp.make(now)
    return try lock.withExclusiveLock { () throws(PersistenceError) -> URL? in
      let snapshot = try moveIfPresent(location.path, stamp: stamp, fileSystem)
      do throws(SystemCallError) {
        try fileSystem.synchronizeDirectory(location.directory)
      } catch {
        // Put it back rather than go on: if the rename were lost in a power cut and the
        // journal's were not, the snapshot would be left alone after all.
        if let snapshot, (try? fileSystem.rename(snapshot, to: location.path)) == nil {
          throw .repairIncomplete(
            location.fileURL,
            reason: "\(error); the snapshot was moved to \(snapshot), the journal was not")
        }
        throw .recoveryFailed(location.fileURL, reason: error.description)
      }
      // The journal goes too: its records only make sense on top of that snapshot.
      let journal = try moveIfPresent(location.path + ".journal", stamp: stamp, fileSystem)
      // Best effort: if a power cut undid this rename, the journal would be back under its
      // old name beside no snapshot, which opening refuses (its records are numbered after
      // the snapshot's), so a failed flush loses nothing.
      try? fileSystem.synchronizeDirectory(location.directory)
      return (snapshot ?? journal).map { URL(fileURLWithPath: $0, isDirectory: false) }
    }
  }

  /// Renames `path` to `<path>.corrupt-<stamp>` (plus `-2`, `-3`... if taken); `nil` if there
  /// is no file at `path`.
  private static func moveIfPresent(
    _ path: String, stamp: String, _ fileSystem: some FileSystem
  ) throws(PersistenceError) -> String? {
    let url = URL(fileURLWithPath: path, isDirectory: false)
    do throws(SystemCallError) {
      _ = try fileSystem.status(ofPath: path)
    } catch  where error.isMissing {
      return nil
    } catch {
      throw .recoveryFailed(url, reason: error.description)
    }
    let destination = RecoveryStamp.freePath(path + ".corrupt-" + stamp, fileSystem: fileSystem)
    do throws(SystemCallError) {
      try fileSystem.rename(path, to: destination)
    } catch {
      throw .recoveryFailed(url, reason: error.description)
    }
    return destination
  }
}
