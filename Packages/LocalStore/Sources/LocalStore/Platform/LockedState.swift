// A value shared between threads, guarded by a lock that ThreadSanitizer understands.

import Foundation

/// Mutable state that several threads share, every access under one lock: the API of the
/// standard library's `Mutex`, on `NSLock`.
///
/// `Synchronization.Mutex` would be the natural choice, but it needs macOS 15 / iOS 18, and on
/// Linux with Swift 6.3.1 ThreadSanitizer does not see the futex it locks with and reports
/// every guarded access as a race. `NSLock` is a pthread mutex, which the sanitizer sees.
///
/// The compiler checks what it checks for `Mutex`: the value goes in as `sending`, the
/// closure gets it `inout sending`, and what the closure returns goes out as `sending`. So a
/// value still reachable from elsewhere cannot be put behind the lock, and the closure cannot
/// stash the value in state it captured. It does not check everything: a closure may return
/// the guarded value itself, `withLock { $0 }`, and for a class the caller then holds a
/// reference it uses without the lock (the standard library's `Mutex` accepts the same). So
/// the rule here is a convention, kept by reading: every closure returns a value type or a
/// `Sendable` value (a copy of an array, a flag, a continuation), never a reference to state
/// that the lock guards; every value kept behind one in this module is a value type, or holds
/// only `Sendable` references (Dispatch sources).
package final class LockedState<Value>: @unchecked Sendable {
  // `lock` comes first: a `Value` of no size would otherwise sit at the lock's own address,
  // and the sanitizer would report the unlocked read of `lock` as a race with the value.
  private let lock = NSLock()
  private var value: Value

  package init(_ value: sending Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  package func withLock<Result, Failure: Error>(
    _ body: (inout sending Value) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
