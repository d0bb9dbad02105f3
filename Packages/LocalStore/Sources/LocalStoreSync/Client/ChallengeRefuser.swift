// The URLSession delegate that answers an authentication challenge by cancelling it.

import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Refuses every authentication challenge, so that a 401 fails the task at once.
///
/// The client sends its credentials in every request's `Authorization` header; a challenge
/// (a 401 with `WWW-Authenticate`) means they were refused. Without a delegate that answers
/// it, Foundation on Linux (swift-corelibs-foundation before its fix #5457) leaves the task
/// suspended forever; cancelling it makes the task fail with `URLError.cancelled` (there:
/// `userCancelledAuthentication` on Apple platforms), which the client reports as
/// ``SyncError/unauthorized(server:user:)`` when the calling task was not cancelled.
final class ChallengeRefuser: NSObject, URLSessionTaskDelegate, Sendable {
  func urlSession(
    _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
    completionHandler:
      @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) ->
      Void
  ) {
    completionHandler(.cancelAuthenticationChallenge, nil)
  }
}
