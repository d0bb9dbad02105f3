// The trait that gives a suite a real Kinto server, started before it and stopped after.

import Foundation
import LocalStoreSync
import LocalStoreTestSupport
import Testing

/// Which backend the real-server suites use: `SYNC_SERVER_TESTS=memory` or `postgresql`;
/// unset, they are skipped (`make check` runs them against both).
enum SyncServerTests {
  static let backend: KintoTestServer.Backend? = ProcessInfo.processInfo
    .environment["SYNC_SERVER_TESTS"].flatMap(KintoTestServer.Backend.init(rawValue:))

  /// Why the real-server suites are skipped when they are.
  static var skipReason: String {
    if let tool = KintoTestServer.missingTool {
      return "\(tool) is missing, and the real-server sync tests need it to run Kinto"
    }
    return "runs against a real Kinto: set SYNC_SERVER_TESTS=memory or postgresql "
      + "(make check runs both)"
  }
}

/// Starts a Kinto server for a whole suite and stops it after, even when a test fails.
struct KintoServerTrait: SuiteTrait, TestScoping {
  var paginateBy: Int?
  var batchMaxRequests: Int
  var history = false

  /// The server of the suite running now.
  @TaskLocal static var current: KintoTestServer?

  var isRecursive: Bool { false }

  @concurrent func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @concurrent @Sendable () async throws -> Void
  ) async throws {
    guard let backend = SyncServerTests.backend else { return try await function() }
    let server = try await KintoTestServer.start(
      backend: backend, paginateBy: paginateBy, batchMaxRequests: batchMaxRequests,
      history: history)
    do {
      try await Self.$current.withValue(server) { try await function() }
    } catch {
      await server.stop()
      throw error
    }
    await server.stop()
  }
}

extension Trait where Self == KintoServerTrait {
  /// A real Kinto server for the suite (page size and batch limit of its settings; with
  /// `history`, one that records every write).
  static func kintoServer(
    paginateBy: Int? = nil, batchMaxRequests: Int = 25, history: Bool = false
  ) -> Self {
    KintoServerTrait(
      paginateBy: paginateBy, batchMaxRequests: batchMaxRequests, history: history)
  }
}

extension Trait where Self == ConditionTrait {
  /// Skips the suite unless `SYNC_SERVER_TESTS` names a backend and python3 is there; the
  /// skip says which.
  static var needsSyncServer: Self {
    .enabled(
      if: SyncServerTests.backend != nil && KintoTestServer.missingTool == nil,
      "\(SyncServerTests.skipReason)")
  }
}

/// The suite's server and a client of it, for a collection of the test's own.
struct ServerFixture {
  let server: KintoTestServer
  let collection = "c" + UUID().uuidString.lowercased().prefix(12)

  init() throws {
    server = try #require(
      KintoServerTrait.current, "no Kinto server: the suite needs .kintoServer()")
  }

  /// The account's credentials.
  var credentials: KintoCredentials {
    KintoCredentials(user: server.user, password: server.password)
  }

  /// A client of the server (or of `url`, e.g. a proxy in front of it).
  func client(
    url: URL? = nil, timeout: Duration = .seconds(10), maximumAnswerBytes: Int = 32 << 20
  )
    -> KintoClient
  {
    KintoClient(
      .init(
        server: url ?? server.url, credentials: credentials, timeout: timeout,
        maximumAnswerBytes: maximumAnswerBytes))
  }

  /// A synchronizer of `store` with the fixture's collection.
  func synchronizer<Store: SyncStore>(
    _ store: Store, client: KintoClient? = nil, policy: ConflictPolicy = .ask,
    settleAfter: Duration = .seconds(10)
  ) -> Synchronizer<Store> {
    Synchronizer(
      client: client ?? self.client(), store: store, collection: collection, policy: policy,
      settleAfter: settleAfter)
  }
}
