// Wrong fix: wait for the previous write, then register this one as the latest. Between the
// wait and the registration there is an `await`: with three saves in flight, the second and
// the third both wait for the first, then both write at once, in no particular order.
// Refused by: a draft was written while another was still being written

import Foundation

/// Keeps the draft the user is typing and writes each version out.
actor DraftStore {
  private(set) var text = ""
  /// Puts bytes on disk: a file in the app, a recorder in the tests. It may take a while.
  private let write: @Sendable (Data) async throws -> Void
  /// The latest write.
  private var lastWrite: Task<Void, any Error>?

  init(write: @escaping @Sendable (Data) async throws -> Void) {
    self.write = write
  }

  /// Keeps `text` and writes it out; the last text saved must be the one the disk keeps.
  func save(_ text: String) async throws {
    self.text = text
    let data = Data(text.utf8)
    _ = await lastWrite?.result  // The previous write is done: now it is my turn.
    let thisWrite = Task { [write] in try await write(data) }
    lastWrite = thisWrite
    try await thisWrite.value
  }
}
