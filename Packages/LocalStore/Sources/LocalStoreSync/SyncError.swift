// The one error of the sync module: why a round with the server did not happen or stopped.

import Foundation

/// Why talking to the sync server failed, with a message a person can act on.
///
/// Every case leaves the store as it was: pending changes stay pending, and the caller may try
/// again later (``RetrySchedule`` says when). No message ever contains the password.
public enum SyncError: Error, Equatable, Sendable {
  /// Why the server could not be reached.
  public enum OfflineReason: String, Equatable, Sendable {
    /// Nothing listens at the address (connection refused).
    case refused
    /// The host or network cannot be reached, or its name does not resolve.
    case unreachable
    /// The server did not answer within the time limit.
    case timedOut
    /// The connection was cut before the whole answer arrived.
    case connectionLost
  }

  /// The server could not be reached; the device is offline as far as sync is concerned.
  case offline(server: URL, reason: OfflineReason)
  /// The server answered 5xx, 429 (too many requests), or 409 "please retry" once too often
  /// (other writes collided with these): try again after `retryAfter` when
  /// the server said so (the longer of its `Retry-After` and `Backoff` headers).
  case serverUnavailable(server: URL, status: Int, retryAfter: Duration?)
  /// The user name or password is wrong (401). Carries the user name only.
  case unauthorized(server: URL, user: String)
  /// The server refused a request the client made (a 4xx other than 401, 404 and 412 where
  /// they are expected), with the server's own message.
  case requestRefused(server: URL, status: Int, message: String)
  /// The answer was not one this client accepts (not JSON, wrong types, wrong content type,
  /// larger than the limit); nothing of it was applied.
  case invalidAnswer(server: URL, problem: String)
  /// An item's ID cannot be a Kinto record id (see ``SyncRecordID``).
  case invalidRecordID(String)
  /// The store failed to read or record sync state; the round stopped there.
  case storeFailed(String)
}

extension SyncError: LocalizedError {
  /// A sentence that says what happened and what to do.
  public var errorDescription: String? {
    switch self {
    case .offline(let server, let reason):
      let why =
        switch reason {
        case .refused: "nothing answers there (connection refused)"
        case .unreachable: "the host cannot be reached"
        case .timedOut: "it did not answer in time"
        case .connectionLost: "the connection was cut mid-answer"
        }
      return "Cannot reach the sync server at \(server.absoluteString): \(why). "
        + "Changes stay pending and are sent on the next sync."
    case .serverUnavailable(let server, 409, _):
      return "The sync server at \(server.absoluteString) is busy: other writes to the same "
        + "records collided with these, and it asked for them again "
        + "\(KintoClient.attemptsWhenAskedToRetry) times (HTTP 409). Changes stay pending "
        + "and are sent on the next sync."
    case .serverUnavailable(let server, let status, let retryAfter):
      let wait = retryAfter.map { " It asks to wait \($0.components.seconds) s." } ?? ""
      return "The sync server at \(server.absoluteString) is unavailable (HTTP \(status))."
        + wait + " Changes stay pending."
    case .unauthorized(let server, let user):
      return "The sync server at \(server.absoluteString) refused the user name or password "
        + "for user '\(user)': check them and try again."
    case .requestRefused(let server, let status, let message):
      return "The sync server at \(server.absoluteString) refused a request (HTTP \(status)): "
        + message
    case .invalidAnswer(let server, let problem):
      return "The sync server at \(server.absoluteString) sent an answer that was refused: "
        + "\(problem). Nothing of it was applied."
    case .invalidRecordID(let id):
      return "The ID '\(id)' cannot be a sync record id: it must start with a letter or digit "
        + "and hold only letters, digits, '-' and '_' (at most 200 characters)."
    case .storeFailed(let description):
      return "The store could not record the sync: \(description)"
    }
  }
}
