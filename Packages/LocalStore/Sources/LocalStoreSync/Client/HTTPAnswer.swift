// One HTTP answer of the server, checked before anything reads it.

import Foundation

/// An answer's status, headers (names in lowercase) and body, already checked for size.
struct HTTPAnswer: Sendable {
  /// The HTTP status.
  var status: Int
  /// The headers, names in lowercase.
  var headers: [String: String]
  /// The body, at most the client's limit.
  var body: Data
  /// The server for messages.
  var server: URL

  /// The `Backoff` and `Retry-After` headers.
  var advice: ServerAdvice { ServerAdvice(headers: headers) }

  /// The body as a JSON object, refused unless the content type is JSON and the body is a
  /// valid JSON object.
  func jsonObject() throws -> [String: JSONValue] {
    let type = headers["content-type"] ?? "none"
    guard type.lowercased().hasPrefix("application/json") else {
      throw SyncError.invalidAnswer(
        server: server,
        problem: "HTTP \(status) with content type '\(type)', where application/json was expected")
    }
    let value: JSONValue
    do {
      value = try JSONDecoder().decode(JSONValue.self, from: body)
    } catch {
      throw SyncError.invalidAnswer(
        server: server, problem: "HTTP \(status) with a body that is not valid JSON")
    }
    guard let object = value.objectValue else {
      throw SyncError.invalidAnswer(
        server: server, problem: "HTTP \(status) with JSON that is not an object")
    }
    return object
  }

  /// The server's `message` field, if the body is a Kinto error.
  /// Whether the server refused for a passing reason and asks for the same request again:
  /// Kinto on PostgreSQL answers `409 Integrity constraint violated, please retry.` when two
  /// transactions wrote at once.
  var asksForRetry: Bool {
    status == 409 && errorMessage.lowercased().contains("retry")
  }

  var errorMessage: String {
    guard let object = try? jsonObject(), case .string(let message)? = object["message"] else {
      return "no message"
    }
    return message
  }
}
