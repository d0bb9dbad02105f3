// A server that asks for the same request again (Kinto on PostgreSQL's 409 "please retry"): sent again, never applied twice.

import Foundation
import LocalStoreSync
import LocalStoreTestSupport
import Testing

/// A round's requests through the proxy: the root document, the collection, the batches, the
/// pages; each test answers some of them with an injected 409 that asks for a retry.
///
/// One test at a time, as ``SyncFaultTests``: a 409 of the server's own would take a fault of
/// the queue.
@Suite(.needsSyncServer, .kintoServer(paginateBy: 3, batchMaxRequests: 4), .serialized)
struct SyncRetryTests {
  static let askForRetry = "status 409 X-Injected 1 Integrity constraint violated, please retry."

  @Test func aBatchTheServerAsksToRetryIsSentAgainAndTheRoundGoesThrough() async throws {
    let fixture = try ServerFixture()
    let proxy = try await FaultProxy(in: fixture.server)
    let store = InMemorySyncStore()
    for note in notes(3, "retried") { try await store.save(note) }
    try proxy.inject(["pass", "pass", Self.askForRetry, Self.askForRetry])
    let outcome = try await fixture.synchronizer(store, client: fixture.client(url: proxy.url))
      .synchronize()
    #expect(outcome.sent == 3 && outcome.conflicts.isEmpty)
    #expect(await store.pendingCount() == 0)
    #expect(proxy.requests().filter { $0.hasPrefix("POST /v1/batch") }.count == 3)
    let other = InMemorySyncStore()
    _ = try await fixture.synchronizer(other).synchronize()
    #expect(try await other.notes() == store.notes())
  }

  @Test func aServerThatKeepsAskingStopsTheRoundWithEverythingPending() async throws {
    let fixture = try ServerFixture()
    let proxy = try await FaultProxy(in: fixture.server)
    let store = InMemorySyncStore()
    try await store.save(Note(title: "waiting"))
    try proxy.inject(["pass", "pass"] + Array(repeating: Self.askForRetry, count: 4))
    let error = await #expect(throws: SyncError.self) {
      try await fixture.synchronizer(store, client: fixture.client(url: proxy.url)).synchronize()
    }
    // A busy server, as a 503 is: the background sync tries again later, with its backoff.
    guard case .serverUnavailable(_, 409, _)? = error else {
      Issue.record("\(String(describing: error))"); return
    }
    #expect(error?.errorDescription?.contains("Changes stay pending") == true)
    #expect(await store.pendingCount() == 1)
    #expect(proxy.requests().filter { $0.hasPrefix("POST /v1/batch") }.count == 4)
  }
}
