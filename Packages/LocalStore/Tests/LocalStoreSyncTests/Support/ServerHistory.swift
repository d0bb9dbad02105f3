// Every write the server applied to a collection, from Kinto's history plugin: what "applied twice" is counted on.

import Foundation
import LocalStoreSync
import LocalStoreTestSupport

/// The writes a server with Kinto's history plugin (`.kintoServer(history: true)`) recorded
/// for the fixture's collection.
struct ServerHistory {
  /// For each record id, how many times the server wrote each text.
  private(set) var writes: [String: [String: Int]] = [:]

  /// Reads every page of the collection's history.
  init(_ fixture: ServerFixture) async throws {
    let client = fixture.client()
    let query =
      "collection_id=\(fixture.collection)&resource_name=record&_sort=last_modified"
    guard
      var url = URL(
        string: fixture.server.url.absoluteString + "/buckets/default/history?" + query)
    else { throw SyncError.invalidRecordID(fixture.collection) }
    while true {
      let page = try await client.changes(at: url)
      for entry in page.records {
        guard let fields = entry.fields, fields["action"] != .string("delete"),
          case .string(let record)? = fields["record_id"],
          case .string(let text)? = fields["target"]?.objectValue?["data"]?.objectValue?["text"]
        else { continue }
        writes[record, default: [:]][text, default: 0] += 1
      }
      guard let next = page.nextPage else { return }
      url = next
    }
  }

  /// Returns once the server has recorded no write for 300 ms: a request of a device killed
  /// mid-round may still be under way there. Kinto checks `If-Match` and writes in two steps,
  /// so such a request and the same one sent again by the restarted device can both pass the
  /// check on PostgreSQL and write the same version twice; a real device restarts later than
  /// that, and the loop waits as it would.
  static func untilQuiet(_ fixture: ServerFixture) async throws {
    let client = fixture.client()
    let query =
      "collection_id=\(fixture.collection)&resource_name=record&_sort=-last_modified&_limit=1"
    guard
      let url = URL(
        string: fixture.server.url.absoluteString + "/buckets/default/history?" + query)
    else { return }
    var newest = try await client.changes(at: url).records.first?.lastModified
    while true {
      try await Task.sleep(for: .milliseconds(300))
      let now = try await client.changes(at: url).records.first?.lastModified
      if now == newest { return }
      newest = now
    }
  }

  /// How many writes were recorded.
  var count: Int { writes.values.reduce(0) { $0 + $1.values.reduce(0, +) } }

  /// The record ids and texts the server wrote more than once: a change applied twice.
  var appliedTwice: [String] {
    writes.flatMap { record, texts in
      texts.filter { $0.value > 1 }.map { "\(record) \"\($0.key)\" ×\($0.value)" }
    }.sorted()
  }
}
