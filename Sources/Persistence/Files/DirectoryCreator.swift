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
}
