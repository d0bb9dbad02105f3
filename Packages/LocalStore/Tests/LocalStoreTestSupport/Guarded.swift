// State shared between a test and the threads of its pseudo-terminal, with waiting.

import Foundation

/// A value guarded by one `NSCondition`, so threads can change it and wait for changes.
///
/// `NSCondition` is a pthread mutex and condition variable, which ThreadSanitizer
/// understands (on Linux it reports false races through `Synchronization.Mutex`).
public final class Guarded<Value>: @unchecked Sendable {
  // Safe to send because `value` is only ever touched with `condition` locked.
  private var value: Value
  private let condition = NSCondition()

  /// Guards `value`.
  public init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access, then wakes every waiter to look again.
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    return try body(&value)
  }

  /// Reads the value without waking anyone.
  public func read<Result>(_ body: (Value) throws -> Result) rethrows -> Result {
    condition.lock()
    defer { condition.unlock() }
    return try body(value)
  }

  /// Calls `body` now and after every change until it returns a result or `deadline` passes;
  /// returns `nil` on time-out.
  public func wait<Result>(
    until deadline: ContinuousClock.Instant, _ body: (inout Value) throws -> Result?
  ) rethrows -> Result? {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let result = try body(&value) { return result }
      let remaining = ContinuousClock.now.duration(to: deadline)
      guard remaining > .zero else { return nil }
      let seconds =
        Double(remaining.components.seconds) + Double(remaining.components.attoseconds) * 1e-18
      _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
    }
  }
}
