// Wrong fix: a semaphore inside save(_:) waits for the write before the actor takes the next
// save, so drafts are written one at a time. It blocks a thread of the cooperative pool inside
// the actor: the actor answers nobody until the disk does, and on a small pool nothing else runs.
// Refused by: the store never answered while a write was under way

import Dispatch
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
    let done = DispatchSemaphore(value: 0)
    let failure = Failure()
    Task.detached { [write] in
      do { try await write(data) } catch { failure.error = error }
      done.signal()
    }
    done.wait()  // One write at a time: the next save waits here.
    if let error = failure.error { throw error }
  }
}

/// Carries the write's error out of the detached task.
final class Failure: @unchecked Sendable {
  var error: (any Error)?
}
