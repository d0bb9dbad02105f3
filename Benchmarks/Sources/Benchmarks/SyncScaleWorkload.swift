// The sync-scale row: many devices editing one collection on Kinto over PostgreSQL, until they agree.

import Foundation
import LocalStoreSync

/// ``BenchmarkSizes/scaleDevices`` devices of one account, each making
/// ``BenchmarkSizes/scaleChangesPerDevice`` changes (creates of its own items, then updates
/// and deletes of them, some updates of items another device made) in rounds of a tenth,
/// syncing after each round, all at once against one Kinto on a PostgreSQL that the script
/// starts; then rounds of every device until one changes nothing anywhere. Reports the time
/// to that point, the requests per change, and whether every device holds the same items.
///
/// Bounded: at most ``maximumRounds`` converging rounds; a run that does not converge by
/// then reports it.
struct SyncScaleWorkload {
  let context: BenchmarkContext
  static let maximumRounds = 10

  func run() async throws -> BenchmarkResults.SyncScaleReport {
    let sizes = context.sizes
    let devices = sizes.scaleDevices
    let perDevice = sizes.scaleChangesPerDevice
    let folder = try context.scratch.folder("sync-scale-server")
    defer { context.scratch.discard(folder) }
    context.progress("sync-scale: starting Kinto on PostgreSQL (scripts/sync-server)")
    let server: SyncServer
    do {
      server = try SyncServer.start(backend: "postgresql", in: folder)
    } catch {
      return .notRun("\(error)")
    }
    defer { server.stop() }
    let fleet = (0..<devices).map { Device(number: $0, server: server) }
    let clock = ContinuousClock()
    let start = clock.now
    let rounds = 10
    // A round that fails (the server busy: Kinto on PostgreSQL answers 409 "please retry" to
    // writes that collide, and the client gives up after a few) is tried again next round,
    // as the app's background sync would; they are counted.
    let failures = Tally()
    for round in 0..<rounds {
      context.progress("sync-scale: round \(round + 1) of \(rounds), \(devices) devices at once")
      try await everyDevice(fleet) { device in
        await device.change(round: round, changes: perDevice / rounds, devices: devices)
        await failures.count(try? await device.synchronize())
      }
    }
    var converged = false
    var extraRounds = 0
    while !converged && extraRounds < Self.maximumRounds {
      extraRounds += 1
      let moved = Tally()
      let unsettled = Tally()
      try await everyDevice(fleet) { device in
        let outcome = try? await device.synchronize()
        await failures.count(outcome)
        // A failed round moved nothing yet, but its device is not done.
        await moved.add(outcome.map { $0.sent + $0.pulled + $0.conflicts.count } ?? 1)
        // Nor is one that has not yet read again behind its checkpoint (see PullMarks):
        // a write that committed late may still be missing there.
        await unsettled.add(outcome?.settled == true ? 0 : 1)
      }
      let (movedCount, unsettledCount) = (await moved.value, await unsettled.value)
      converged = movedCount == 0 && unsettledCount == 0
      if movedCount == 0, unsettledCount > 0 { try await Task.sleep(for: .seconds(10)) }
    }
    let seconds = start.duration(to: clock.now).seconds
    var requests = 0
    var contents: Set<[String: [String: JSONValue]]> = []
    var pending = 0
    for device in fleet {
      requests += await device.client.traffic.requests
      contents.insert(await device.store.allItems())
      pending += await device.store.pendingCount()
    }
    if contents.count > 1, let first = contents.first {
      for other in contents.dropFirst() {
        let extra = Set(other.keys).symmetricDifference(first.keys)
        let changed = Set(other.keys).intersection(first.keys).filter { other[$0] != first[$0] }
        context.progress(
          "sync-scale: differ in ids \(extra.sorted()), in values \(changed.sorted())")
      }
    }
    context.progress(
      "sync-scale: \(contents.count) different sets of items, \(pending) changes pending, sizes "
        + "\(Set(contents.map(\.count)).sorted())")
    var report = BenchmarkResults.SyncScaleReport.measured(
      devices: devices, changes: devices * perDevice, seconds: seconds, requests: requests,
      convergingRounds: extraRounds, converged: converged && contents.count == 1)
    report.failedRounds = await failures.value
    return report
  }

  /// Runs `body` for every device at once and waits for all.
  private func everyDevice(
    _ fleet: [Device], _ body: @escaping @Sendable (Device) async throws -> Void
  ) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
      for device in fleet { group.addTask { try await body(device) } }
      try await group.waitForAll()
    }
  }

  /// One simulated device: its store, its client, its synchronizer (server wins conflicts,
  /// so that every run converges without a person).
  private struct Device: Sendable {
    let number: Int
    let store = InMemorySyncStore()
    let client: KintoClient

    init(number: Int, server: SyncServer) {
      self.number = number
      client = KintoClient(
        .init(
          server: server.url,
          credentials: KintoCredentials(user: server.user, password: server.password)))
    }

    func synchronize() async throws -> SyncOutcome {
      try await Synchronizer(
        client: client, store: store, collection: "scale", policy: .serverWins
      ).synchronize()
    }

    /// This round's changes: creates in the first rounds, then updates of its own items,
    /// every fifth an update of the next device's item, every tenth a delete.
    func change(round: Int, changes: Int, devices: Int) async {
      for index in 0..<changes {
        let serial = round * changes + index
        if round < 3 {
          await store.save(id: "d\(number)-\(serial)", fields: ["round": .integer(Int64(round))])
        } else if index % 10 == 9 {
          await store.delete(id: "d\(number)-\(index)")
        } else {
          let owner = index % 5 == 4 ? (number + 1) % devices : number
          await store.save(
            id: "d\(owner)-\(index)",
            fields: ["round": .integer(Int64(round)), "by": .integer(Int64(number))])
        }
      }
    }
  }

  /// A count that concurrent devices add to.
  private actor Tally {
    private(set) var value = 0
    func add(_ amount: Int) { value += amount }
    /// Counts one failed round: `outcome` is `nil`.
    func count(_ outcome: SyncOutcome?) { if outcome == nil { value += 1 } }
  }
}
