// The sync row: push and pull of one collection against Kinto's own client, and one change.

import Foundation
import LocalStoreSync
import Models

/// Times one device pushing ``BenchmarkSizes/syncItems`` new items to an empty collection
/// (one `synchronize()` round, which also reads its own records back, as `sync` does), and
/// an empty device pulling them, against `kinto-http` creating the same records in batches
/// on the same server, taking turns; then counts what one change costs on the wire on a
/// collection of that size, for the device that makes it and for one that pulls it.
///
/// The devices keep their items in ``InMemorySyncStore``, so that the figures are the
/// client's and the server's, not a disk's.
struct SyncWorkload {
  let context: BenchmarkContext

  func run() async throws -> BenchmarkResults.SyncReport {
    let sizes = context.sizes
    let folder = try context.scratch.folder("sync")
    defer { context.scratch.discard(folder) }
    let codec = SyncCodec<Question>()
    let records = try QuestionBatch(count: sizes.syncItems).questions.map {
      try codec.record(of: $0)
    }
    let recordsFile = folder.appendingPathComponent("records.json")
    try JSONEncoder().encode(
      records.map { record -> JSONValue in
        var fields = record.fields
        fields["id"] = .string(record.id)
        return .object(fields)
      }
    ).write(to: recordsFile)
    var report = BenchmarkResults.SyncReport(items: records.count, runs: sizes.syncRuns)
    var pushes = DurationSamples()
    var pulls = DurationSamples()
    var baselines = DurationSamples()
    do {
      for run in 1...sizes.syncRuns {
        context.progress(
          "sync: run \(run) of \(sizes.syncRuns), \(Format.count(records.count)) items")
        // Each side on a server of its own, the first in turn: Kinto's memory backend slows
        // as it holds more records, so neither side may run on a server the other filled.
        let ours = { () async throws in
          try await withServer(in: folder) { server in
            let (push, pull) = try await pushAndPull(records, server)
            pushes.append(push)
            pulls.append(pull)
            if run == sizes.syncRuns { try await oneChange(records, server, into: &report) }
          }
        }
        let theirs = { () async throws in
          try await withServer(in: folder) { server in
            baselines.append(try kintoHTTP(server, collection: "bench", records: recordsFile))
          }
        }
        if run.isMultiple(of: 2) {
          try await theirs()
          try await ours()
        } else {
          try await ours()
          try await theirs()
        }
      }
    } catch let error as BenchmarkError {
      guard case .syncServerDidNotStart(let reason) = error else { throw error }
      return .notRun(reason)
    }
    report.pushSeconds = pushes.median.seconds
    report.pullSeconds = pulls.median.seconds
    report.kintoHTTPSeconds = baselines.median.seconds
    return report
  }

  /// Runs `body` with a new Kinto in memory, stopped after it.
  private func withServer(
    in folder: URL, _ body: (SyncServer) async throws -> Void
  ) async throws {
    let state = folder.appendingPathComponent("server", isDirectory: true)
    let server: SyncServer
    do {
      server = try SyncServer.start(backend: "memory", in: state)
    } catch {
      throw BenchmarkError.syncServerDidNotStart("\(error)")
    }
    defer { server.stop() }
    try await body(server)
  }

  /// One device pushing `records` to an empty collection, then an empty device pulling
  /// them: the time of each round.
  private func pushAndPull(
    _ records: [(id: String, fields: [String: JSONValue])], _ server: SyncServer
  ) async throws -> (push: Duration, pull: Duration) {
    let clock = ContinuousClock()
    let pushed = InMemorySyncStore()
    for record in records { await pushed.save(id: record.id, fields: record.fields) }
    var start = clock.now
    let sent = try await round(pushed, "bench", server)
    let push = start.duration(to: clock.now)
    guard sent.sent == records.count else {
      throw BenchmarkError.syncServer("the push sent \(sent.sent) of \(records.count)")
    }
    let pulled = InMemorySyncStore()
    start = clock.now
    let received = try await round(pulled, "bench", server)
    let pull = start.duration(to: clock.now)
    guard received.pulled == records.count else {
      throw BenchmarkError.syncServer("the pull got \(received.pulled) of \(records.count)")
    }
    return (push, pull)
  }

  /// On a collection holding `records`, synced by two devices: the traffic of one round of
  /// the device that changes one item, and of one round of the other, which pulls it.
  private func oneChange(
    _ records: [(id: String, fields: [String: JSONValue])], _ server: SyncServer,
    into report: inout BenchmarkResults.SyncReport
  ) async throws {
    let changer = InMemorySyncStore()
    let other = InMemorySyncStore()
    _ = try await round(changer, "bench", server)
    _ = try await round(other, "bench", server)
    let (id, fields) = records[records.count / 2]
    var changed = fields
    changed["answer"] = .string("Changed on one device.")
    await changer.save(id: id, fields: changed)
    report.changeSent = BenchmarkResults.Traffic(try await traffic(of: changer, "bench", server))
    report.changeReceived = BenchmarkResults.Traffic(try await traffic(of: other, "bench", server))
    guard await other.allItems()[id] == changed else {
      throw BenchmarkError.syncServer("the changed item did not reach the other device")
    }
    // The first round 10 s after its checkpoint (the synchronizer's default settleAfter)
    // reads the overlap behind it again, once.
    try await Task.sleep(for: .seconds(10))
    report.settlingRound = BenchmarkResults.Traffic(
      try await traffic(of: changer, "bench", server))
  }

  /// One `synchronize()` of `store` with `collection`, by a client of its own.
  private func round(
    _ store: InMemorySyncStore, _ collection: String, _ server: SyncServer
  )
    async throws -> SyncOutcome
  {
    try await Synchronizer(client: client(server), store: store, collection: collection)
      .synchronize()
  }

  /// The traffic of one round of `store`, by a new client.
  private func traffic(
    of store: InMemorySyncStore, _ collection: String, _ server: SyncServer
  )
    async throws -> KintoTraffic
  {
    let client = client(server)
    _ = try await Synchronizer(client: client, store: store, collection: collection)
      .synchronize()
    return await client.traffic
  }

  private func client(_ server: SyncServer) -> KintoClient {
    KintoClient(
      .init(
        server: server.url,
        credentials: KintoCredentials(user: server.user, password: server.password)))
  }

  /// The time `kinto-http` takes to create the records of the file `records` (a JSON list)
  /// in `collection`, in batches, as its script measures it
  /// (Benchmarks/Scripts/kinto-http-create.py).
  private func kintoHTTP(
    _ server: SyncServer, collection: String, records: URL
  ) throws
    -> Duration
  {
    let script = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      .appendingPathComponent("Benchmarks/Scripts/kinto-http-create.py")
    let printed = try SyncServer.run(
      server.python,
      [
        script.path, server.url.absoluteString, server.user, server.password, collection,
        records.path,
      ], environment: ProcessInfo.processInfo.environment)
    guard let seconds = Double(printed.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw BenchmarkError.syncServer("kinto-http printed \(printed.debugDescription)")
    }
    return .seconds(seconds)
  }
}
