// Wrong fix: keep Task.detached and await its value, so that errors reach the caller. The
// actor is free while it waits, so a second save starts its own detached write meanwhile.
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
    // Off the actor, and the caller still learns when it failed.
    try await Task.detached { [write] in
      try await write(data)
    }.value
  }
}
