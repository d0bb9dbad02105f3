// What the server asked of its clients in its headers: back off, retry after.

import Foundation

/// The server's `Backoff` and `Retry-After` headers, as durations.
///
/// `Backoff` asks clients to wait that long before their next sync even after a success (the
/// server is under load); `Retry-After` comes with a 503 or 429 and says when to try again.
public struct ServerAdvice: Equatable, Sendable {
  /// How long to wait before the next sync (`Backoff`), if the server said so.
  public var backoff: Duration?
  /// How long to wait before retrying (`Retry-After`), if the server said so.
  public var retryAfter: Duration?

  /// Advice with the given durations; none by default.
  public init(backoff: Duration? = nil, retryAfter: Duration? = nil) {
    self.backoff = backoff
    self.retryAfter = retryAfter
  }

  /// The longer of the two waits, if any.
  public var wait: Duration? {
    [backoff, retryAfter].compactMap { $0 }.max()
  }

  /// Reads `backoff` and `retry-after` from headers whose names are in lowercase; a value
  /// that is not a whole number of seconds (0 to a day) is ignored.
  public init(headers: [String: String]) {
    backoff = Self.seconds(headers["backoff"])
    retryAfter = Self.seconds(headers["retry-after"])
  }

  /// The advice of two answers together: the longer wait of each kind.
  func merged(with other: ServerAdvice) -> ServerAdvice {
    ServerAdvice(
      backoff: [backoff, other.backoff].compactMap { $0 }.max(),
      retryAfter: [retryAfter, other.retryAfter].compactMap { $0 }.max())
  }

  private static func seconds(_ text: String?) -> Duration? {
    guard let text, let value = Int(text.trimmingCharacters(in: .whitespaces)),
      (0...86_400).contains(value)
    else { return nil }
    return .seconds(value)
  }
}
