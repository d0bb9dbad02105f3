// Wrong fix: a busy flag: a save waits while another write is under way, then takes its turn.
// Writes no longer overlap, but when the write ends, every waiting save sees the flag down at
// its next look, and whichever looks first writes first: with three saves in flight, an older
// draft often lands after a newer one.
// Refused by: not in the order saved

import Foundation

/// Keeps the draft the user is typing and writes each version out.
actor DraftStore {
  private(set) var text = ""
  /// Puts bytes on disk: a file in the app, a recorder in the tests. It may take a while.
  private let write: @Sendable (Data) async throws -> Void
  /// Whether a write is under way.
  private var busy = false

  init(write: @escaping @Sendable (Data) async throws -> Void) {
    self.write = write
  }

  /// Keeps `text` and writes it out; the last text saved must be the one the disk keeps.
  func save(_ text: String) async throws {
    self.text = text
    while busy {
      try await Task.sleep(for: .milliseconds(1))
    }
    busy = true
    defer { busy = false }
    try await write(Data(text.utf8))
  }
}
