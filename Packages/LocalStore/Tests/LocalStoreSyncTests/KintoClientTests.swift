// The Kinto client against a real server: root document, accounts, conditional writes, lists.

import Foundation
import LocalStoreSync
import LocalStoreTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite(.needsSyncServer, .kintoServer(paginateBy: 3))
struct KintoClientTests {
  @Test func rootDocumentGivesTheBatchLimitAndCapabilities() async throws {
    let fixture = try ServerFixture()
    let info = try await fixture.client().serverInfo()
    #expect(info.version == "26.5.0")
    #expect(info.batchMaxRequests == 25)
    #expect(info.capabilities.isSuperset(of: ["accounts", "default_bucket"]))
  }

  @Test func anAccountIsCreatedOnceThenFound() async throws {
    let fixture = try ServerFixture()
    let other = KintoClient(
      .init(
        server: fixture.server.url,
        credentials: KintoCredentials(user: "u" + fixture.collection, password: "secret-1")))
    #expect(try await other.createAccount() == true)
    #expect(try await other.createAccount() == false)
  }

  @Test func writesAreConditionalAndConflictsCarryTheServersRecord() async throws {
    let fixture = try ServerFixture()
    let client = fixture.client()
    let c = fixture.collection
    try await client.createCollection(c)
    func write(_ write: KintoWrite) async throws -> KintoWriteResult {
      try await client.write([write], to: c, batchMaxRequests: 25).results[0]
    }
    let created = try await write(
      .init(id: "n1", fields: ["title": .string("one")], precondition: .absent))
    guard case .applied(let first) = created else { Issue.record("\(created)"); return }
    #expect(first.fields == ["title": .string("one")])

    let again = try await write(
      .init(id: "n1", fields: ["title": .string("two")], precondition: .absent))
    #expect(again == .preconditionFailed(current: first))

    let updated = try await write(
      .init(
        id: "n1", fields: ["title": .string("two")], precondition: .lastModified(first.lastModified)
      ))
    guard case .applied(let second) = updated else { Issue.record("\(updated)"); return }
    let stale = try await write(
      .init(
        id: "n1", fields: ["title": .string("three")],
        precondition: .lastModified(first.lastModified)))
    #expect(stale == .preconditionFailed(current: second))

    let deleted = try await write(
      .init(id: "n1", fields: nil, precondition: .lastModified(second.lastModified)))
    guard case .applied(let tombstone) = deleted else { Issue.record("\(deleted)"); return }
    #expect(tombstone.isDeleted)
    #expect(
      try await write(
        .init(id: "n1", fields: nil, precondition: .lastModified(second.lastModified))) == .notFound
    )
    let onDeleted = try await write(
      .init(
        id: "n1", fields: ["title": .string("four")],
        precondition: .lastModified(second.lastModified)))
    #expect(onDeleted == .preconditionFailed(current: nil))
  }

  @Test func changesSinceACursorListTombstonesAcrossPages() async throws {
    let fixture = try ServerFixture()
    let client = fixture.client()
    let c = fixture.collection
    try await client.createCollection(c)
    let writes = (0..<7).map {
      KintoWrite(id: "r\($0)", fields: ["n": .integer(Int64($0))], precondition: .absent)
    }
    let (results, _) = try await client.write(writes, to: c, batchMaxRequests: 25)
    guard case .applied(let r0) = results[0], case .applied(let r6) = results[6] else {
      Issue.record("\(results)"); return
    }
    _ = try await client.write(
      [.init(id: "r0", fields: nil, precondition: .lastModified(r0.lastModified))], to: c,
      batchMaxRequests: 25)

    var page = try await client.changes(in: c, since: r6.lastModified - 1)
    #expect(page.records.map(\.id) == ["r6", "r0"])
    #expect(page.records.last?.isDeleted == true)

    page = try await client.changes(in: c, since: nil)
    var ids = page.records.map(\.id)
    var pages = 1
    while let next = page.nextPage {
      page = try await client.changes(at: next)
      ids += page.records.map(\.id)
      pages += 1
    }
    #expect(ids == ["r1", "r2", "r3", "r4", "r5", "r6"])
    #expect(pages == 2)
  }

  @Test func writesBeyondTheBatchLimitAreSplitIntoBatchesTheServerAccepts() async throws {
    let fixture = try ServerFixture()
    let client = fixture.client()
    let limit = try await client.serverInfo().batchMaxRequests
    let writes = (0..<(limit + 5)).map {
      KintoWrite(id: "w\($0)", fields: ["n": .integer(Int64($0))], precondition: .absent)
    }
    let (results, _) = try await client.write(
      writes, to: fixture.collection, batchMaxRequests: limit)
    #expect(results.count == limit + 5)
    #expect(results.allSatisfy { if case .applied = $0 { true } else { false } })
  }

  /// The traffic a client reports: every request once, a `/batch` once whatever it carries,
  /// and the body bytes each way as they crossed (the root document's body read back as is).
  @Test func trafficCountsRequestsAndBodyBytesBothWays() async throws {
    let fixture = try ServerFixture()
    let client = fixture.client()
    #expect(await client.traffic == KintoTraffic())
    let limit = try await client.serverInfo().batchMaxRequests
    let afterRoot = await client.traffic
    #expect(afterRoot.requests == 1)
    #expect(afterRoot.bytesSent == 0)
    let root = client.configuration.server.absoluteString + "/"
    var request = URLRequest(url: try #require(URL(string: root)))
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let account = try #require(client.configuration.credentials)
    let basic = Data("\(account.user):\(account.password)".utf8).base64EncodedString()
    request.setValue("Basic " + basic, forHTTPHeaderField: "Authorization")
    let (document, _) = try await URLSession.shared.data(for: request)
    #expect(afterRoot.bytesReceived == document.count)
    let writes = (0..<(limit + 1)).map {
      KintoWrite(id: "t\($0)", fields: ["n": .integer(Int64($0))], precondition: .absent)
    }
    _ = try await client.write(writes, to: fixture.collection, batchMaxRequests: limit)
    let batches = await client.traffic - afterRoot
    #expect(batches.requests == 2)
    #expect(batches.bytesSent > (limit + 1) * 20)
    #expect(batches.bytesReceived > (limit + 1) * 20)
  }

  @Test func aWrongPasswordIsUnauthorisedAndNeverShown() async throws {
    let fixture = try ServerFixture()
    let password = "wrong-\(UUID().uuidString)"
    let client = KintoClient(
      .init(
        server: fixture.server.url,
        credentials: KintoCredentials(user: fixture.server.user, password: password)))
    let error = await #expect(throws: SyncError.self) {
      try await client.changes(in: fixture.collection, since: nil)
    }
    #expect(error == .unauthorized(server: fixture.server.url, user: fixture.server.user))
    let message = error?.localizedDescription ?? ""
    #expect(message.contains("user name or password") && message.contains(fixture.server.user))
    #expect(!message.contains(password))
    #expect(!"\(String(describing: error)) \(client.configuration.credentials!)".contains(password))
  }

  @Test func anAnswerOverTheLimitIsRefused() async throws {
    let fixture = try ServerFixture()
    let writer = fixture.client()
    try await writer.createCollection(fixture.collection)
    let big = (0..<3).map {
      KintoWrite(
        id: "b\($0)", fields: ["text": .string(String(repeating: "x", count: 400))],
        precondition: .absent)
    }
    _ = try await writer.write(big, to: fixture.collection, batchMaxRequests: 25)
    let small = fixture.client(maximumAnswerBytes: 500)
    let error = await #expect(throws: SyncError.self) {
      try await small.changes(in: fixture.collection, since: nil)
    }
    #expect(error?.localizedDescription.contains("larger than the limit of 500 bytes") == true)
  }

  @Test func aCollectionNameThatIsNoRecordIDIsRefusedBeforeAnyRequest() async throws {
    let fixture = try ServerFixture()
    await #expect(throws: SyncError.invalidRecordID("no/slash")) {
      try await fixture.client().createCollection("no/slash")
    }
  }
}
