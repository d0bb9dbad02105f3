// Wrong fix: `Task { }` instead of Task.detached, "so that it runs on the actor". The task
// does start on the actor, but it runs apart from save(_:), which returns before the write,
// and the task's error reaches nobody.
// Refused by: nobody was told

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
    // On the actor, so in order.
    Task {
      try await write(data)
    }
  }
}
