// One `/batch` request of conditional writes, and the reading of its answers.

import Foundation

extension KintoClient {
  /// Sends `writes` to the records of `path` in one `/batch` request; the whole batch again
  /// (a few times) when an answer in it asks for a retry, which its preconditions make safe.
  func batch(
    _ writes: [KintoWrite], path: String
  ) async throws -> (results: [KintoWriteResult], advice: ServerAdvice) {
    var attempt = 1
    while true {
      do {
        return try await batchOnce(writes, path: path)
      } catch let retry as RetryRequested {
        guard attempt < Self.attemptsWhenAskedToRetry else { throw retry.error }
        try await Self.pauseBeforeRetry(attempt)
        attempt += 1
      }
    }
  }

  /// A response of a batch that asks for the batch again, with the error it is otherwise.
  private struct RetryRequested: Error {
    var error: SyncError
  }

  /// Sends `writes` once.
  private func batchOnce(
    _ writes: [KintoWrite], path: String
  ) async throws -> (results: [KintoWriteResult], advice: ServerAdvice) {
    var requests: [JSONValue] = []
    for write in writes {
      var headers: [String: JSONValue] = [:]
      switch write.precondition {
      case .none: break
      case .absent: headers["If-None-Match"] = .string("*")
      case .lastModified(let stamp): headers["If-Match"] = .string("\"\(stamp)\"")
      }
      var request: [String: JSONValue] = [
        "method": .string(write.fields == nil ? "DELETE" : "PUT"),
        "path": .string("\(path)/records/\(write.id)"),
        "headers": .object(headers),
      ]
      if var fields = write.fields {
        fields["id"] = .string(write.id)
        request["body"] = .object(["data": .object(fields)])
      }
      requests.append(.object(request))
    }
    let answer = try await send(
      "POST", url("/batch"), json: .object(["requests": .array(requests)]))
    guard answer.status == 200 else {
      throw SyncError.requestRefused(
        server: server, status: answer.status, message: answer.errorMessage)
    }
    guard case .array(let responses)? = try answer.jsonObject()["responses"],
      responses.count == writes.count
    else {
      throw SyncError.invalidAnswer(
        server: server, problem: "the batch answer has no responses array of \(writes.count)")
    }
    var advice = answer.advice
    var results: [KintoWriteResult] = []
    for (write, response) in zip(writes, responses) {
      let (result, subAdvice) = try read(response, for: write)
      results.append(result)
      advice = advice.merged(with: subAdvice)
    }
    return (results, advice)
  }

  /// Reads one response of a batch answer.
  private func read(
    _ response: JSONValue, for write: KintoWrite
  ) throws -> (KintoWriteResult, ServerAdvice) {
    guard let members = response.objectValue, case .integer(let status)? = members["status"]
    else {
      throw SyncError.invalidAnswer(server: server, problem: "a batch response has no status")
    }
    var headers: [String: String] = [:]
    for (name, value) in members["headers"]?.objectValue ?? [:] {
      if case .string(let text) = value { headers[name.lowercased()] = text }
    }
    let advice = ServerAdvice(headers: headers)
    let body = members["body"]?.objectValue ?? [:]
    switch status {
    case 200, 201:
      guard let data = body["data"] else {
        throw SyncError.invalidAnswer(server: server, problem: "a written record has no data")
      }
      let record = try KintoRecord(data: data, server: server)
      guard record.id == write.id else {
        throw SyncError.invalidAnswer(
          server: server, problem: "the answer for record \(write.id) is about \(record.id)")
      }
      return (.applied(record), advice)
    case 412:
      let existing = body["details"]?.objectValue?["existing"]
      let current = try existing.map { try KintoRecord(data: $0, server: server) }
      return (.preconditionFailed(current: current), advice)
    case 404 where write.fields == nil:
      return (.notFound, advice)
    case 401:
      throw SyncError.unauthorized(server: server, user: configuration.credentials?.user ?? "")
    case 429, 500...599:
      throw SyncError.serverUnavailable(
        server: server, status: Int(status), retryAfter: advice.wait)
    default:
      let message = if case .string(let text)? = body["message"] { text } else { "no message" }
      if status == 409, message.lowercased().contains("retry") {
        // Asked once too often, it is a busy server: the next round tries again.
        throw RetryRequested(
          error: .serverUnavailable(server: server, status: 409, retryAfter: advice.wait))
      }
      throw SyncError.requestRefused(server: server, status: Int(status), message: message)
    }
  }
}
