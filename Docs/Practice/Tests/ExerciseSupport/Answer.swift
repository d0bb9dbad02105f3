// Asks code under test a question without waiting forever when that code blocks its thread.

import Foundation

/// The answer of `question`, or `nil` when none has come within `limit`.
///
/// A fix that blocks inside an actor (a semaphore, a `sync` wait) leaves every later call to
/// that actor waiting forever, and a test that awaits one would hang with it. This asks from a
/// task of its own and only polls for the answer, so the test goes on and fails with a
/// message instead. The limit only matters when no answer comes; it is generous, because a
/// slow machine must not fail a correct fix.
public func answer<Value: Sendable>(
  within limit: Duration = .seconds(20), _ question: @escaping @Sendable () async -> Value
) async -> Value? {
  let box = AnswerBox<Value>()
  Task { box.set(await question()) }
  let deadline = ContinuousClock.now + limit
  while ContinuousClock.now < deadline {
    if let value = box.value { return value }
    try? await Task.sleep(for: .milliseconds(2))
  }
  return box.value
}

/// Holds one answer, written by one task and read by another.
private final class AnswerBox<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value?

  var value: Value? { lock.withLock { stored } }

  func set(_ value: Value) { lock.withLock { stored = value } }
}
