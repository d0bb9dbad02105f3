// Explicit recovery from a store that cannot be read: move its bytes aside, never delete them.

import Foundation

extension LocalRepository {
  /// Moves the store's files aside as `<filename>.corrupt-<timestamp>` (and its journal as
  /// `<filename>.journal.corrupt-<timestamp>`), so that the store opens empty next time, and
  /// returns where the snapshot's bytes went.
  ///
  /// This is the one way to get past a file that `open` and `init` refuse to read: the
  /// repository never does it by itself. Nothing is deleted; the bytes stay in the same
  /// folder for a person or a tool to inspect. The move happens under the store's lock, so it does not race with a
  /// writer in another process.
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
  ///   moved; it is then still where it was.
  public static func moveAside(
    directory: URL = DataDirectory.default, filename: String = "data.json", now: Date = .now
  ) throws -> URL? {
    let location = try StoreLocation(directory: directory, filename: filename)
    let fileSystem = SystemFileSystem()
    let lock = StoreLock(
      location: location, fileSystem: fileSystem, timeout: StoreConfiguration().lockTimeout)
    let stamp = RecoveryStamp.make(now)
    return try lock.withExclusiveLock { () throws(PersistenceError) -> URL? in
      // The journal goes too: its records only make sense on top of that snapshot.
      let journal = try moveIfPresent(location.path + ".journal", stamp: stamp, fileSystem)
      let snapshot = try moveIfPresent(location.path, stamp: stamp, fileSystem)
      // Best effort: if a power cut undid the renames, the bytes would simply be back under
      // their old names, so a failed flush loses nothing.
      try? fileSystem.synchronizeDirectory(location.directory)
      return (snapshot ?? journal).map { URL(fileURLWithPath: $0) }
    }
  }

  /// Renames `path` to `<path>.corrupt-<stamp>` (plus `-2`, `-3`... if taken); `nil` if there
  /// is no file at `path`.
  private static func moveIfPresent(
    _ path: String, stamp: String, _ fileSystem: some FileSystem
  ) throws(PersistenceError) -> String? {
    let url = URL(fileURLWithPath: path)
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
