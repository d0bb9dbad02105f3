// The HTTP client of a Kinto server: requests, answers and their checks, over URLSession.

import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A client of one Kinto server and account, over `URLSession`.
///
/// It holds only constants, so it is `Sendable` and safe to share; each call is one request
/// (or one `/batch` request per ``KintoServerInfo/batchMaxRequests`` writes). Every failure
/// is a ``SyncError``: offline, server unavailable (with its `Retry-After`), unauthorised, a
/// refused request, or an answer refused because it is not JSON, has the wrong types or the
/// wrong content type, or is larger than ``Configuration/maximumAnswerBytes``.
public final class KintoClient: Sendable {
  /// Where the server is, who asks, and the limits of one request.
  public struct Configuration: Sendable {
    /// The server's API root, e.g. `http://127.0.0.1:8888/v1` (`/v1` is added if missing).
    public var server: URL
    /// The account; `nil` for the requests that need none (the root document, new accounts).
    public var credentials: KintoCredentials?
    /// The longest wait for one answer, whole.
    public var timeout: Duration
    /// The largest answer body accepted: 32 MiB by default, about 100,000 records of 300
    /// bytes, more than Kinto's default page of 10,000. A larger answer (by its
    /// `Content-Length` or its bytes) is refused before it is decoded; `URLSession` has read
    /// it by then, so the limit bounds what is parsed and kept, not what is downloaded.
    public var maximumAnswerBytes: Int

    /// A configuration; 30 s and 32 MiB by default.
    public init(
      server: URL, credentials: KintoCredentials?, timeout: Duration = .seconds(30),
      maximumAnswerBytes: Int = 32 << 20
    ) {
      self.server = server.lastPathComponent == "v1" ? server : server.appendingPathComponent("v1")
      self.credentials = credentials
      self.timeout = timeout
      self.maximumAnswerBytes = maximumAnswerBytes
    }
  }

  /// The configuration it was made with.
  public let configuration: Configuration
  private let session: URLSession
  private let meter = KintoTrafficMeter()

  /// The requests this client made so far and the bytes of their bodies.
  public var traffic: KintoTraffic {
    get async { await meter.total }
  }

  /// A client for `configuration`.
  public init(_ configuration: Configuration) {
    self.configuration = configuration
    let settings = URLSessionConfiguration.ephemeral
    let seconds =
      Double(configuration.timeout.components.seconds)
      + Double(configuration.timeout.components.attoseconds) / 1e18
    settings.timeoutIntervalForRequest = seconds
    settings.timeoutIntervalForResource = seconds
    settings.requestCachePolicy = .reloadIgnoringLocalCacheData
    settings.urlCache = nil
    settings.httpCookieStorage = nil
    session = URLSession(configuration: settings, delegate: ChallengeRefuser(), delegateQueue: nil)
  }

  deinit { session.finishTasksAndInvalidate() }

  /// The server, for messages.
  var server: URL { configuration.server }

  /// The URL of `path` under the API root (`path` starts with `/`).
  func url(_ path: String) -> URL {
    URL(string: server.absoluteString + path) ?? server
  }

  /// How many times a request the server asks to retry (``HTTPAnswer/asksForRetry``) is sent
  /// in all. Every request of this client may be sent again: its writes are conditional, so a
  /// write that went through is found by its precondition, never applied twice.
  static let attemptsWhenAskedToRetry = 4

  /// Sends one request and checks its answer: 401 becomes ``SyncError/unauthorized(server:user:)``,
  /// 429 and 5xx ``SyncError/serverUnavailable(server:status:retryAfter:)``, a body over the
  /// limit ``SyncError/invalidAnswer(server:problem:)``; a `409` that asks for a retry is sent
  /// again after a short pause (a few times); other statuses are the caller's to read.
  func send(
    _ method: String, _ url: URL, headers: [String: String] = [:], json body: JSONValue? = nil,
    authenticated: Bool = true
  ) async throws -> HTTPAnswer {
    var attempt = 1
    while true {
      let answer = try await sendOnce(
        method, url, headers: headers, json: body, authenticated: authenticated)
      guard answer.asksForRetry else { return answer }
      guard attempt < Self.attemptsWhenAskedToRetry else {
        // Asked once too often, it is a busy server: the next round tries again.
        throw SyncError.serverUnavailable(
          server: server, status: answer.status, retryAfter: answer.advice.wait)
      }
      try await Self.pauseBeforeRetry(attempt)
      attempt += 1
    }
  }

  /// A pause of about 50 ms, doubled for each attempt, with jitter.
  static func pauseBeforeRetry(_ attempt: Int) async throws {
    let base = 50 << min(attempt - 1, 4)
    try await Task.sleep(for: .milliseconds(base + Int.random(in: 0...base)))
  }

  /// Sends one request once; see ``send(_:_:headers:json:authenticated:)``.
  private func sendOnce(
    _ method: String, _ url: URL, headers: [String: String], json body: JSONValue?,
    authenticated: Bool
  ) async throws -> HTTPAnswer {
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    if authenticated, let credentials = configuration.credentials {
      request.setValue(credentials.authorization, forHTTPHeaderField: "Authorization")
    }
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    if let body {
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys
      request.httpBody = try encoder.encode(body)
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    await meter.sent(request.httpBody?.count ?? 0)
    let (data, response): (Data, URLResponse)
    do {
      (data, response) = try await session.data(for: request)
    } catch let error as URLError
      where [.userCancelledAuthentication, .userAuthenticationRequired].contains(error.code)
      || (error.code == .cancelled && !Task.isCancelled)
    {
      // A cancelled task that nobody cancelled: the refused challenge (ChallengeRefuser).
      throw SyncError.unauthorized(server: server, user: configuration.credentials?.user ?? "")
    } catch let error as URLError {
      throw SyncError.offline(server: server, reason: Self.reason(error))
    }
    await meter.received(data.count)
    guard let http = response as? HTTPURLResponse else {
      throw SyncError.invalidAnswer(server: server, problem: "the answer is not HTTP")
    }
    var lowercased: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      if let name = name as? String, let value = value as? String {
        lowercased[name.lowercased()] = value
      }
    }
    let answer = HTTPAnswer(
      status: http.statusCode, headers: lowercased, body: data, server: server)
    try check(answer)
    return answer
  }

  private func check(_ answer: HTTPAnswer) throws {
    let limit = configuration.maximumAnswerBytes
    if answer.body.count > limit || Int(answer.headers["content-length"] ?? "0") ?? 0 > limit {
      throw SyncError.invalidAnswer(
        server: server, problem: "the answer is larger than the limit of \(limit) bytes")
    }
    switch answer.status {
    case 401:
      throw SyncError.unauthorized(server: server, user: configuration.credentials?.user ?? "")
    case 429, 500...599:
      throw SyncError.serverUnavailable(
        server: server, status: answer.status, retryAfter: answer.advice.wait)
    default:
      return
    }
  }

  private static func reason(_ error: URLError) -> SyncError.OfflineReason {
    switch error.code {
    case .cannotConnectToHost: .refused
    case .timedOut: .timedOut
    case .networkConnectionLost, .badServerResponse, .cannotParseResponse,
      .zeroByteResource:
      .connectionLost
    default: .unreachable
    }
  }
}
