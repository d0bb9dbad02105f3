// Wrong fix: await the write inside save(_:), as the exercise's first solution did. The actor
// is reentrant at that `await`: while the first draft waits for the disk, the next save runs
// and writes too, and the slower, older draft lands last.
// Refused by: the older draft landed after the newer one

import Foundation

/// Keeps the draft the user is typing and writes each version out.
actor DraftStore {
  private(set) var text = ""
  /// Puts bytes on disk: a file in the app, a recorder in the tests. It may take a while.
  private let write: @Sendable (Data) async throws -> Void

  init(write: @escaping @Sendable (Data) async throws -> Void) {
    self.write = write
  }

  /// Keeps `text` and writes it out; the last text saved must be the one the disk keeps.
  func save(_ text: String) async throws {
    self.text = text
    let data = Data(text.utf8)
    // In order, and the caller learns when it failed.
    try await write(data)
  }
}
