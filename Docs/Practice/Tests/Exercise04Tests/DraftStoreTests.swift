// Checks exercise 4: two saves in a row leave the newer text on disk, whatever the timing.

import Foundation
import Testing

@testable import Exercise04

/// A disk that records what lands, and makes the first write slow: it waits until a second
/// write has landed, or one second. Real disks are slow at random; this one is slow every time.
actor SlowFirstWriteDisk {
  private(set) var landed: [String] = []
  private var started = 0

  func write(_ data: Data) async {
    started += 1
    if started == 1 {
      let deadline = ContinuousClock.now + .seconds(1)
      while landed.isEmpty, ContinuousClock.now < deadline {
        try? await Task.sleep(for: .milliseconds(5))
      }
    }
    landed.append(String(decoding: data, as: UTF8.self))
  }

  /// Waits until `count` writes have landed, for at most three seconds.
  func waitForWrites(_ count: Int) async -> [String] {
    let deadline = ContinuousClock.now + .seconds(3)
    while landed.count < count, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(5))
    }
    return landed
  }
}

@Suite struct DraftStoreTests {
  @Test func newerDraftLandsLast() async throws {
    let disk = SlowFirstWriteDisk()
    let store = DraftStore(write: { data in await disk.write(data) })
    try await store.save("Dear Ada,")
    try await store.save("Dear Ada, thank you")
    let landed = await disk.waitForWrites(2)
    #expect(landed.count == 2, "a write never landed")
    #expect(
      landed.last == "Dear Ada, thank you",
      "the older draft landed after the newer one: the disk keeps \"\(landed.last ?? "")\"")
  }

  @Test func failedWriteReachesTheCaller() async throws {
    struct DiskFull: Error {}
    let store = DraftStore(write: { _ in throw DiskFull() })
    await #expect(throws: DiskFull.self, "the disk refused the draft and nobody was told") {
      try await store.save("Dear Ada,")
    }
  }
}
