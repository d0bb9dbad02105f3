// When to try again after a failed round: exponential backoff, full jitter, the server's wait.

import Foundation

/// The delay before the next attempt after failed rounds, with jitter.
///
/// After `n` failures in a row the delay is a random duration between zero and
/// `base × 2^(n−1)` (at most ``maximum``): "full jitter", so that many devices that failed
/// together do not retry together. It is never shorter than what the server asked
/// (``SyncError/serverWait`` or ``ServerAdvice/wait``).
public struct RetrySchedule: Equatable, Sendable {
  /// The ceiling of the first delay.
  public var base: Duration
  /// The longest delay, whatever the number of failures.
  public var maximum: Duration

  /// A schedule; 2 s doubling up to 10 minutes by default.
  public init(base: Duration = .seconds(2), maximum: Duration = .seconds(600)) {
    self.base = base
    self.maximum = maximum
  }

  /// The delay after `failures` failed rounds in a row (1 for the first), at least
  /// `serverWait`, with jitter from `generator`.
  public func delay(
    afterFailures failures: Int, serverWait: Duration? = nil,
    using generator: inout some RandomNumberGenerator
  ) -> Duration {
    let exponent = min(max(failures, 1) - 1, 30)
    let ceiling = min(maximum, base * (1 << exponent))
    let milliseconds =
      ceiling.components.seconds * 1000
      + ceiling.components.attoseconds / 1_000_000_000_000_000
    let jittered = Duration.milliseconds(
      Int64.random(in: 0...max(0, milliseconds), using: &generator))
    return max(jittered, serverWait ?? .zero)
  }

  /// The delay after `failures` failed rounds, with the system's random numbers.
  public func delay(afterFailures failures: Int, serverWait: Duration? = nil) -> Duration {
    var generator = SystemRandomNumberGenerator()
    return delay(afterFailures: failures, serverWait: serverWait, using: &generator)
  }
}

extension SyncError {
  /// The wait the server asked for with this error (`Retry-After` on a 503 or 429), if any.
  public var serverWait: Duration? {
    if case .serverUnavailable(_, _, let retryAfter) = self { retryAfter } else { nil }
  }
}
