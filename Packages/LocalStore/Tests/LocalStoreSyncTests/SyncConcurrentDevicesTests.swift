// Many devices writing one collection at once: none may pull past a change it never saw.

import Foundation
import LocalStoreSync
import LocalStoreTestSupport
import Testing

/// Ten devices of one account, each making changes and syncing at the same time, ten rounds,
/// then rounds of every device, each a settling one, until nothing moves: every device must
/// end with the same items. On PostgreSQL two writes at once can commit in the other order
/// than their `last_modified`; before pulls read again behind their cursor (``PullMarks``), a
/// device that pulled between the two commits skipped the older write for good, and this
/// ended with devices that disagreed on every run there.
@Suite(.needsSyncServer, .kintoServer())
struct SyncConcurrentDevicesTests {
  @Test func devicesWritingAtOnceEndWithTheSameItems() async throws {
    let fixture = try ServerFixture()
    let devices = (0..<10).map { _ in InMemorySyncStore() }
    // Far above a commit's time on a loopback server, and short enough for a test.
    let settle = Duration.seconds(1)
    for round in 0..<10 {
      try await withThrowingTaskGroup(of: Void.self) { group in
        for (number, device) in devices.enumerated() {
          group.addTask {
            for index in 0..<2 {
              // Creates first; then updates of its own items and of the next device's.
              let owner = round < 3 || index == 0 ? number : (number + 1) % devices.count
              let serial = round < 3 ? round * 2 + index : index
              await device.save(
                id: "d\(owner)-\(serial)",
                fields: ["round": .integer(Int64(round)), "by": .integer(Int64(number))])
            }
            _ = try await fixture.synchronizer(device, policy: .serverWins, settleAfter: settle)
              .synchronize()
          }
        }
        try await group.waitForAll()
      }
    }
    var rounds = 0
    var moved = 1
    while moved > 0 && rounds < 5 {
      rounds += 1
      moved = 0
      try await Task.sleep(for: settle)
      for device in devices {
        let outcome = try await fixture.synchronizer(
          device, policy: .serverWins, settleAfter: settle
        ).synchronize()
        #expect(outcome.settled)
        moved += outcome.sent + outcome.pulled
      }
    }
    var contents: [[String: [String: JSONValue]]] = []
    for device in devices { contents.append(await device.allItems()) }
    let first = try #require(contents.first)
    print("10 devices, 200 changes in 10 rounds at once, then \(rounds) rounds in turn")
    #expect(first.count == 60)
    for (number, other) in contents.enumerated() where other != first {
      let missing = Set(first.keys).symmetricDifference(other.keys).sorted()
      let different = Set(first.keys).intersection(other.keys).filter { first[$0] != other[$0] }
      Issue.record("device \(number) differs: ids \(missing), values \(different.sorted())")
    }
  }
}
