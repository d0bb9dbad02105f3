// A real folder under the system's temporary directory, removed when the value goes away.

import Foundation

/// A fresh, empty folder for one test, deleted with everything in it on deinit.
public final class TemporaryDirectory: Sendable {
  /// The folder.
  public let url: URL

  /// Creates a new folder named after `prefix` with a unique suffix.
  public init(prefix: String = "SwiftPackageTests") throws {
    let template = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix).XXXXXX").path
    var bytes = Array(template.utf8CString)
    guard let created = mkdtemp(&bytes) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: template])
    }
    url = URL(fileURLWithPath: String(cString: created), isDirectory: true)
  }

  /// A path inside the folder.
  public func appending(_ component: String) -> URL {
    url.appendingPathComponent(component)
  }

  deinit {
    // Give back write permission first, in case a test removed it.
    _ = try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
    try? FileManager.default.removeItem(at: url)
  }
}
