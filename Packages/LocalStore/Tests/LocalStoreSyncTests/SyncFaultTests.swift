// Sync through a proxy that drops, delays, truncates and corrupts the real server's answers, in memory and journal-backed.

import Foundation
import LocalStoreSync
import LocalStoreTestSupport
import Testing

/// A round's requests: the root document, the collection, the push batches, the pull pages.
/// Each test queues faults for those, in that order, on a proxy of its own.
///
/// One test at a time: on PostgreSQL, Kinto answers two collections created at once in one
/// bucket with a 409 "please retry", the client sends that request again, and the retry takes
/// the next fault of the queue (`make check` saw a lost answer land on the wrong batch).
@Suite(.needsSyncServer, .kintoServer(paginateBy: 3, batchMaxRequests: 4), .serialized)
struct SyncFaultTests {
  @Test(arguments: StoreKind.allCases)
  func aServerThatIsDownIsOfflineAndLeavesEverythingPending(_ kind: StoreKind) async throws {
    let fixture = try ServerFixture()
    let closed = try closedPort()
    let store = try DeviceStore(kind)
    try await store.save(Note(title: "waiting"))
    let nowhere = try #require(URL(string: "http://127.0.0.1:\(closed)/v1"))
    let client = fixture.client(url: nowhere)
    let error = await #expect(throws: SyncError.self) {
      try await fixture.synchronizer(store, client: client).synchronize()
    }
    guard case .offline(_, .refused)? = error else {
      Issue.record("\(String(describing: error))"); return
    }
    #expect(error?.localizedDescription.contains("Changes stay pending") == true)
    #expect(try await store.pendingCount() == 1)
  }

  @Test(arguments: StoreKind.allCases)
  func aLostAnswerToAPushIsFoundOnTheNextRoundAndNothingIsAppliedTwice(
    _ kind: StoreKind
  )
    async throws
  {
    let fixture = try ServerFixture()
    let proxy = try await FaultProxy(in: fixture.server)
    let store = try DeviceStore(kind)
    for note in notes(10, "lost") { try await store.save(note) }
    // Batches of 4, 4 and 2: the first is answered and recorded, the second reaches the
    // server but its answer is lost.
    try proxy.inject(["pass", "pass", "pass", "lose-answer"])
    let sync = fixture.synchronizer(store, client: fixture.client(url: proxy.url))
    await #expect(throws: SyncError.self) { try await sync.synchronize() }
    #expect(try await store.pendingCount() == 6)

    let outcome = try await sync.synchronize()
    #expect(outcome.alreadyOnServer == 4 && outcome.sent == 2 && outcome.conflicts.isEmpty)
    #expect(try await store.pendingCount() == 0)
    let other = try DeviceStore(kind)
    _ = try await fixture.synchronizer(other).synchronize()
    #expect(try await other.notes() == store.notes())
  }

  @Test func anAnswerSlowerThanTheTimeoutIsOfflineAndTheNextRoundRecovers() async throws {
    let fixture = try ServerFixture()
    let proxy = try await FaultProxy(in: fixture.server)
    let store = InMemorySyncStore()
    try await store.save(Note(title: "slow"))
    try proxy.inject(["pass", "pass", "delay 4"])
    let sync = fixture.synchronizer(
      store, client: fixture.client(url: proxy.url, timeout: .seconds(2)))
    let error = await #expect(throws: SyncError.self) { try await sync.synchronize() }
    guard case .offline(_, .timedOut)? = error else {
      Issue.record("\(String(describing: error))"); return
    }
    // The next run, with the ordinary timeout: a 1 s limit on a loaded machine would time out
    // answers the proxy did not delay.
    let outcome = try await fixture.synchronizer(store, client: fixture.client(url: proxy.url))
      .synchronize()
    #expect(outcome.sent + outcome.alreadyOnServer == 1)
    #expect(await store.pendingCount() == 0)
  }

  @Test(arguments: ["truncate", "corrupt", "html"], StoreKind.allCases)
  func aDamagedPullAnswerIsRefusedAndAppliesNothing(
    _ fault: String, _ kind: StoreKind
  )
    async throws
  {
    let fixture = try ServerFixture()
    let proxy = try await FaultProxy(in: fixture.server)
    let writer = try DeviceStore(kind)
    for note in notes(5, "pulled") { try await writer.save(note) }
    _ = try await fixture.synchronizer(writer).synchronize()

    let reader = try DeviceStore(kind)
    let sync = fixture.synchronizer(reader, client: fixture.client(url: proxy.url))
    try proxy.inject(["pass", "pass", fault])
    let error = await #expect(throws: SyncError.self) { try await sync.synchronize() }
    let message = error?.localizedDescription ?? ""
    switch fault {
    case "corrupt": #expect(message.contains("not valid JSON"))
    case "html": #expect(message.contains("content type 'text/html'"))
    default: #expect(message.contains("sync server"))
    }
    #expect(try await reader.notes().isEmpty)
    #expect(try await reader.pullCursor() == nil)
    _ = try await sync.synchronize()
    #expect(try await reader.notes() == writer.notes())
  }

  @Test func a503WithRetryAfterAndA429WithBackoffAreTypedWaits() async throws {
    let fixture = try ServerFixture()
    let proxy = try await FaultProxy(in: fixture.server)
    let store = InMemorySyncStore()
    try await store.save(Note(title: "later"))
    let sync = fixture.synchronizer(store, client: fixture.client(url: proxy.url))

    try proxy.inject(["status 503 Retry-After 7"])
    let unavailable = await #expect(throws: SyncError.self) { try await sync.synchronize() }
    #expect(
      unavailable == .serverUnavailable(server: proxy.url, status: 503, retryAfter: .seconds(7)))
    #expect(
      RetrySchedule().delay(afterFailures: 1, serverWait: unavailable?.serverWait) >= .seconds(7))

    try proxy.inject(["pass", "pass", "status 429 Backoff 5"])
    let tooMany = await #expect(throws: SyncError.self) { try await sync.synchronize() }
    #expect(tooMany?.serverWait == .seconds(5))
    #expect(await store.pendingCount() == 1)

    try proxy.inject(["pass", "pass", "header Backoff 30"])
    let outcome = try await sync.synchronize()
    #expect(outcome.sent == 1 && outcome.advice.backoff == .seconds(30))
  }

  @Test func aWrongPasswordStopsTheRoundAndIsNeverPrinted() async throws {
    let fixture = try ServerFixture()
    let password = "not-\(fixture.server.password)"
    let client = KintoClient(
      .init(
        server: fixture.server.url,
        credentials: .init(user: fixture.server.user, password: password)))
    let store = InMemorySyncStore()
    try await store.save(Note(title: "kept"))
    let error = await #expect(throws: SyncError.self) {
      try await fixture.synchronizer(store, client: client).synchronize()
    }
    let message = error?.localizedDescription ?? ""
    #expect(message.contains("'\(fixture.server.user)'") && !message.contains(password))
    #expect(await store.pendingCount() == 1)
  }

  /// A loopback port nothing listens on.
  private func closedPort() throws -> Int {
    let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
      }
    }
    try #require(bound)
    return Int(UInt16(bigEndian: address.sin_port))
  }
}
