// What the save workloads ask of every contender: save one question durably.

import Models

/// A store that saves one question at a time and returns once it is on stable storage.
protocol DurableStore {
  /// Saves `question` durably.
  ///
  /// `record` is the question's JSON plus a newline, encoded before the clock starts. Only
  /// the floor uses it, so that the floor measures nothing but `write` and `fsync`; every
  /// other store encodes `question` itself, as an app would.
  func save(_ question: Question, record: [UInt8]) async throws
}
