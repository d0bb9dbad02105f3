// Creates a store's folder and its missing parents, private to the user (mode 0700).

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `mkdir -p` with mode 0700 through ``FileSystem``, with errors that name the culprit.
///
/// Each folder it creates gets exactly 0700, set with `chmod` after `mkdir`: the umask masks
/// the mode `mkdir` is given, and under `umask 277` a folder made 0500 could hold no store.
/// A process killed between the two leaves the folder with the umask's mode (0000 under
/// `umask 777`): a store folder found empty and closed to its owner is given 0700 again,
/// and one that holds anything keeps the mode someone chose for it.
struct DirectoryCreator {
  let fileSystem: any FileSystem

  /// Creates `directory` and any missing parent; does nothing if it exists.
  func create(_ directory: URL) throws(PersistenceError) {
    var missing: [String] = []
    var current = directory.path
    while true {
      do {
        let status = try fileSystem.status(ofPath: current)
        guard status.kind == .directory || status.kind == .symbolicLink else {
          throw PersistenceError.directoryUnavailable(
            directory, reason: "\(current) is a file, not a folder")
        }
        if current == directory.path, status.kind == .directory {
          reopenIfLeftHalfMade(current, permissions: status.permissions)
        }
        break
      } catch let error as PersistenceError {
        throw error
      } catch let error as SystemCallError where error.isMissing {
        missing.append(current)
        let parent = (current as NSString).deletingLastPathComponent
        guard parent != current, !parent.isEmpty else { break }
        current = parent
      } catch let error as SystemCallError where error.code == ENOTDIR {
        throw .directoryUnavailable(directory, reason: "a part of the path is a file, not a folder")
      } catch {
        throw .directoryUnavailable(directory, reason: String(describing: error))
      }
    }
    for path in missing.reversed() {
      do {
        try fileSystem.makeDirectory(path, permissions: 0o700)
      } catch  where error.code == EEXIST {
        continue  // Made by another writer meanwhile, with its own mode.
      } catch {
        throw .directoryUnavailable(directory, reason: error.description)
      }
      do {
        try fileSystem.setPermissions(ofPath: path, 0o700)
      } catch {
        throw .directoryUnavailable(directory, reason: error.description)
      }
    }
  }

  /// Gives `path`, the store's folder, 0700 again when it is empty and closed to its owner,
  /// as a process killed between its `mkdir` and its `chmod` leaves it; otherwise leaves it
  /// as it was. A folder of another user's cannot be changed and stays as it is.
  private func reopenIfLeftHalfMade(_ path: String, permissions: mode_t) {
    guard permissions & 0o700 != 0o700,
      (try? fileSystem.setPermissions(ofPath: path, 0o700)) != nil
    else { return }
    if (try? fileSystem.contentsOfDirectory(path))?.isEmpty != true {
      try? fileSystem.setPermissions(ofPath: path, permissions & 0o7777)
    }
  }
}
