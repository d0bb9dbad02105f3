// The records of one collection of the account's default bucket: changes and writes.

import Foundation

extension KintoClient {
  /// The path of a collection of the default bucket.
  func collectionPath(_ collection: String) throws -> String {
    "/buckets/default/collections/\(try collection.recordID())"
  }

  /// Creates `collection` in the account's default bucket if it does not exist yet.
  public func createCollection(_ collection: String) async throws {
    let answer = try await send(
      "PUT", url(try collectionPath(collection)), headers: ["If-None-Match": "*"],
      json: .object(["data": .object([:])]))
    guard [200, 201, 412].contains(answer.status) else {
      throw SyncError.requestRefused(
        server: server, status: answer.status, message: answer.errorMessage)
    }
  }

  /// The first page of the changes to `collection` after `since` (every live record when
  /// `since` is nil), oldest first: `GET …/records?_since=<since>&_sort=last_modified`.
  public func changes(in collection: String, since: Int64?) async throws -> KintoChangesPage {
    var query = "_sort=last_modified"
    if let since { query = "_since=\(since)&" + query }
    return try await changes(at: url(try collectionPath(collection) + "/records?" + query))
  }

  /// The page at `url`, a ``KintoChangesPage/nextPage`` of this server.
  public func changes(at url: URL) async throws -> KintoChangesPage {
    guard url.host == server.host, url.port == server.port, url.scheme == server.scheme else {
      throw SyncError.invalidAnswer(
        server: server, problem: "Next-Page points to another server (\(url.absoluteString))")
    }
    let answer = try await send("GET", url)
    guard answer.status == 200 else {
      throw SyncError.requestRefused(
        server: server, status: answer.status, message: answer.errorMessage)
    }
    guard case .array(let items)? = try answer.jsonObject()["data"] else {
      throw SyncError.invalidAnswer(server: server, problem: "the list has no data array")
    }
    let records = try items.map { try KintoRecord(data: $0, server: server) }
    var next: URL?
    if let header = answer.headers["next-page"] {
      guard let parsed = URL(string: header) else {
        throw SyncError.invalidAnswer(server: server, problem: "Next-Page is not a URL")
      }
      next = parsed
    }
    return KintoChangesPage(records: records, nextPage: next, advice: answer.advice)
  }

  /// Sends `writes` to `collection` in `/batch` requests of at most `batchMaxRequests`, and
  /// returns each write's result in order, with the advice of the answers.
  ///
  /// A batch is not a transaction: each write applies or fails on its own, which is why each
  /// carries its precondition. An error thrown part-way leaves the earlier batches applied;
  /// their results are lost to the caller, and the next round finds them out (a create that
  /// reached the server answers 412 with the record).
  public func write(
    _ writes: [KintoWrite], to collection: String, batchMaxRequests: Int
  ) async throws -> (results: [KintoWriteResult], advice: ServerAdvice) {
    let path = try collectionPath(collection)
    var results: [KintoWriteResult] = []
    var advice = ServerAdvice()
    var start = 0
    while start < writes.count {
      let slice = writes[start..<min(start + max(1, batchMaxRequests), writes.count)]
      let (batchResults, batchAdvice) = try await batch(Array(slice), path: path)
      results += batchResults
      advice = advice.merged(with: batchAdvice)
      start += slice.count
    }
    return (results, advice)
  }
}
