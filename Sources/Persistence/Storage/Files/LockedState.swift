// A value shared between threads, guarded by a lock that ThreadSanitizer understands.

import Foundation

/// Mutable state that several threads share, every access under one lock.
///
/// `Synchronization.Mutex` would be the natural choice. On Linux, with Swift 6.3.1,
/// ThreadSanitizer does not see the futex that `Mutex` locks with and reports every guarded
/// access as a race (a counter incremented 20,000 times under a `Mutex` by two threads is
/// right, and still reported). `NSLock` is a pthread mutex, which the sanitizer does see,
/// and this package promises a clean `make test-tsan`.
final class LockedState<Value>: @unchecked Sendable {
  // Safe to send because `value` is only ever touched under `lock`.
  //
  // `lock` comes first: a `Value` of no size, such as the `()` of a lock that guards
  // something else, would otherwise sit at the lock's own address, and the sanitizer would
  // report the unlocked read of `lock` as a race with the guarded access to `value`.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }

  /// Runs `body` with exclusive access to the value if no other thread holds the lock right
  /// now; returns `nil` without waiting otherwise.
  func withLockIfAvailable<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result? {
    guard lock.try() else { return nil }
    defer { lock.unlock() }
    return try body(&value)
  }
}
