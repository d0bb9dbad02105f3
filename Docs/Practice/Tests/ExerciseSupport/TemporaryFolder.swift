// A fresh folder for one test, removed when the test is done with it.

import Foundation

/// A uniquely named folder under the system's temporary directory.
///
/// ```swift
/// let folder = try TemporaryFolder()
/// defer { folder.remove() }
/// ```
public struct TemporaryFolder: Sendable {
  /// The folder's location.
  public let url: URL

  /// Creates the folder.
  public init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("practice-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The file called `name` in the folder (not created).
  public func file(_ name: String) -> URL {
    url.appendingPathComponent(name)
  }

  /// Removes the folder and everything in it.
  public func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
