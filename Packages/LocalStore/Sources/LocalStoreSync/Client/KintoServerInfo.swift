// The root document of a Kinto server: its version, limits and capabilities.

import Foundation

/// What `GET /v1/` says about the server.
public struct KintoServerInfo: Equatable, Sendable {
  /// Kinto's version, e.g. "26.5.0".
  public var version: String
  /// The most requests one `/batch` request may carry (`settings.batch_max_requests`).
  public var batchMaxRequests: Int
  /// The names of the server's capabilities (plugins), e.g. "accounts", "default_bucket".
  public var capabilities: Set<String>

  /// Reads the root document; `batch_max_requests` must be a positive integer.
  init(_ object: [String: JSONValue], server: URL) throws {
    guard case .object(let settings)? = object["settings"],
      case .integer(let batch)? = settings["batch_max_requests"], batch > 0, batch <= 10_000
    else {
      throw SyncError.invalidAnswer(
        server: server, problem: "the root document has no positive settings.batch_max_requests")
    }
    guard case .string(let version)? = object["project_version"] else {
      throw SyncError.invalidAnswer(
        server: server, problem: "the root document has no string project_version")
    }
    self.version = version
    batchMaxRequests = Int(batch)
    capabilities = Set(object["capabilities"]?.objectValue?.keys.map { $0 } ?? [])
  }
}

extension KintoClient {
  /// The server's root document (`GET /v1/`).
  public func serverInfo() async throws -> KintoServerInfo {
    let answer = try await send("GET", url("/"))
    guard answer.status == 200 else {
      throw SyncError.requestRefused(
        server: server, status: answer.status, message: answer.errorMessage)
    }
    return try KintoServerInfo(answer.jsonObject(), server: server)
  }

  /// Creates the account of ``Configuration/credentials`` (the accounts plugin), for
  /// development servers that let anyone create one; returns `false` if it already exists
  /// with this password.
  @discardableResult
  public func createAccount() async throws -> Bool {
    guard let credentials = configuration.credentials else {
      throw SyncError.unauthorized(server: server, user: "")
    }
    guard let user = try? credentials.user.recordID() else {
      throw SyncError.invalidRecordID(credentials.user)
    }
    let body = JSONValue.object(["data": .object(["password": .string(credentials.password)])])
    let answer = try await send(
      "PUT", url("/accounts/\(user)"), headers: ["If-None-Match": "*"], json: body,
      authenticated: false)
    switch answer.status {
    case 200, 201: return true
    case 412:
      _ = try await serverInfoAuthenticated()
      return false
    default:
      throw SyncError.requestRefused(
        server: server, status: answer.status, message: answer.errorMessage)
    }
  }

  /// Proves the credentials: the account's own record answers 200, or 401 (thrown).
  private func serverInfoAuthenticated() async throws -> Bool {
    let user = configuration.credentials?.user ?? ""
    let answer = try await send("GET", url("/accounts/\(user)"))
    return answer.status == 200
  }
}
