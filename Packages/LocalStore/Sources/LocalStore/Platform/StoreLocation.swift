// Where a store lives: a validated filename inside a folder whose own path may go through links.

import Foundation

/// The folder and file of one store, checked once when a repository opens.
///
/// Symbolic links in the folder's path are resolved once, here, so a data folder reached
/// through a link works. A link at the store's own files (snapshot, journal, lock) is never
/// followed: each is opened with `O_NOFOLLOW` and refused with
/// ``PersistenceError/notARegularFile(_:found:)``, so nothing outside the folder is read,
/// created, renamed or truncated through one of the store's names.
package struct StoreLocation: Sendable, Equatable {
  /// The folder that holds the file, and its temporary files, as an absolute path.
  package let directory: String
  /// The store file's absolute path.
  package let path: String
  /// The file's bare name.
  package let filename: String

  /// The store file as a URL, for messages and for callers. Said to be a file, so that
  /// Foundation does not ask the disk whether it is a folder.
  package var fileURL: URL { URL(fileURLWithPath: path, isDirectory: false) }

  /// The folder as a URL.
  package var directoryURL: URL { URL(fileURLWithPath: directory, isDirectory: true) }

  /// Validates `filename` and joins it to `directory`.
  package init(directory: URL, filename: String) throws(PersistenceError) {
    try Self.validate(filename)
    let folder = directory.standardizedFileURL.resolvingSymlinksInPath()
    path = folder.appendingPathComponent(filename, isDirectory: false).path
    self.directory = folder.path
    self.filename = filename
  }

  /// Throws unless `filename` is a plain name: not empty, not `.` or `..`, no `/` or NUL.
  static func validate(_ filename: String) throws(PersistenceError) {
    let reason: String? =
      if filename.isEmpty {
        "the name is empty"
      } else if filename == "." || filename == ".." {
        "\"\(filename)\" names a folder"
      } else if filename.contains("/") {
        "it contains a \"/\"; pass the folder as the directory instead"
      } else if filename.contains("\0") {
        "it contains a NUL character"
      } else if filename.utf8.count > 200 {
        "it is longer than 200 bytes"
      } else {
        nil
      }
    if let reason { throw .invalidFilename(filename, reason: reason) }
  }
}
