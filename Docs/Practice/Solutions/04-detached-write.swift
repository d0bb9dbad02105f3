// Exercise 4: a store that hands each write to Task.detached, so writes can land out of order.

import Foundation

/// Keeps the draft the user is typing and writes each version out.
actor DraftStore {
  private(set) var text = ""
  /// Puts bytes on disk: a file in the app, a recorder in the tests. It may take a while.
  private let write: @Sendable (Data) async throws -> Void
  /// The latest write: each write waits for the one before it, so they land in order.
  private var lastWrite: Task<Void, any Error>?

  init(write: @escaping @Sendable (Data) async throws -> Void) {
    self.write = write
  }

  /// Keeps `text` and writes it out; the last text saved must be the one the disk keeps.
  func save(_ text: String) async throws {
    self.text = text
    let data = Data(text.utf8)
    // The actor is reentrant at every `await`: while this save waits, the next one runs.
    // So the order is not the actor's to keep; the chain keeps it. Taking the previous write
    // and putting this one in its place happen with no `await` between them.
    let previous = lastWrite
    let thisWrite = Task { [write] in
      _ = await previous?.result  // Whether it failed was its caller's to hear.
      try await write(data)
    }
    lastWrite = thisWrite
    try await thisWrite.value
  }
}
