// Turns a path given on the command line into an absolute file URL, relative to the current folder.

import Foundation

extension URL {
  /// `path` as an absolute, standardized file URL, a relative path being taken relative to
  /// `currentDirectory`.
  ///
  /// `currentDirectory` counts as a folder whether or not its URL ends in a slash, so a
  /// relative path never lands in its parent.
  ///
  /// - Parameters:
  ///   - path: A path as a person typed it, absolute or relative.
  ///   - currentDirectory: The folder the process runs in.
  ///   - isDirectory: Whether `path` names a folder; `nil` asks the file system, as
  ///     `URL(fileURLWithPath:relativeTo:)` does.
  /// - Returns: The absolute URL, with `.` and `..` resolved.
  public static func absolute(
    _ path: String, in currentDirectory: URL, isDirectory: Bool? = nil
  ) -> URL {
    let base = URL(fileURLWithPath: currentDirectory.path, isDirectory: true)
    let url =
      if let isDirectory {
        URL(fileURLWithPath: path, isDirectory: isDirectory, relativeTo: base)
      } else {
        URL(fileURLWithPath: path, relativeTo: base)
      }
    return url.absoluteURL.standardizedFileURL
  }
}
