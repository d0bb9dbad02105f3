// Runs blocking test work on a thread of its own instead of the cooperative pool.

import Foundation

/// Runs blocking work (waiting for child processes, sleeping) on a thread of its own, so a
/// long test, or two waits at once, do not hold the few threads of Swift's cooperative pool.
///
/// Keep `#expect` out of `body`: issues are attributed to a test through the task, which the
/// thread does not have. Return what the test should check instead.
///
/// ```swift
/// let result = try await onOwnThread {
///   try ChildProcess.runBlocking(URL(fileURLWithPath: "/bin/sh"), ["-c", "exit 3"])
/// }
/// #expect(result.status == 3)
/// ```
public func onOwnThread<Value: Sendable>(
  _ body: @escaping @Sendable () throws -> Value
) async throws -> Value {
  try await withCheckedThrowingContinuation { continuation in
    Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
  }
}
