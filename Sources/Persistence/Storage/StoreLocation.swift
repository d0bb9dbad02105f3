// Where a store lives: a validated filename inside a folder, with symbolic links resolved.

import Foundation

/// The folder and file of one store, checked once when a repository opens.
///
/// A symbolic link at the store's path is followed once, here: reads, writes and temporary
/// files then use the link's target and its folder, so the link itself stays a link (a plain
/// atomic rename would replace it with a regular file).
struct StoreLocation: Sendable, Equatable {
  /// The folder that holds the file, and its temporary files, as an absolute path.
  let directory: String
  /// The store file's absolute path.
  let path: String

  /// The store file as a URL, for messages and for callers.
  var fileURL: URL { URL(fileURLWithPath: path) }

  /// The folder as a URL.
  var directoryURL: URL { URL(fileURLWithPath: directory, isDirectory: true) }

  /// The file's bare name.
  var filename: String { fileURL.lastPathComponent }

  /// Validates `filename` and joins it to `directory`.
  init(directory: URL, filename: String) throws(PersistenceError) {
    try Self.validate(filename)
    let requested = directory.standardizedFileURL.appendingPathComponent(filename)
    let resolved = requested.resolvingSymlinksInPath()
    path = resolved.path
    self.directory = resolved.deletingLastPathComponent().path
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
