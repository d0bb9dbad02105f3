// Checks exercise 4: two saves in flight at once leave the newer draft on disk, and a failed
// write reaches its caller.

import Foundation
import Testing

@testable import Exercise04

/// A disk that records what lands, and holds the first write until the test lets it go:
/// real disks are slow at random; this one is slow exactly when it hurts. It also notes
/// whether a write started while another was still under way.
actor HeldFirstWriteDisk {
  private(set) var landed: [String] = []
  /// How many writes have started.
  private(set) var writes = 0
  /// Whether a write started while another had not landed yet.
  private(set) var overlapped = false
  private var underWay = 0
  private var firstWriteMayLand = false

  func write(_ data: Data) async {
    writes += 1
    underWay += 1
    if underWay > 1 { overlapped = true }
    if writes == 1 {
      while !firstWriteMayLand { try? await Task.sleep(for: .milliseconds(2)) }
    }
    landed.append(String(decoding: data, as: UTF8.self))
    underWay -= 1
  }

  func letTheFirstWriteLand() {
    firstWriteMayLand = true
  }
}

/// Polls `condition` until it holds or `limit` passes; says whether it held.
func eventually(
  within limit: Duration = .seconds(10), _ condition: () async -> Bool
) async -> Bool {
  let deadline = ContinuousClock.now + limit
  while ContinuousClock.now < deadline {
    if await condition() { return true }
    try? await Task.sleep(for: .milliseconds(2))
  }
  return await condition()
}

@Suite struct DraftStoreTests {
  @Test func savesOneAfterAnotherLeaveTheLastDraft() async throws {
    let disk = HeldFirstWriteDisk()
    await disk.letTheFirstWriteLand()
    let store = DraftStore(write: { data in await disk.write(data) })
    try await store.save("Dear Ada,")
    try await store.save("Dear Ada, thank you")
    #expect(
      await eventually { await disk.landed.count == 2 }, "a draft never reached the disk")
    #expect(await disk.landed.last == "Dear Ada, thank you")
  }

  /// The user types on while the first draft's write is still under way: the second save
  /// starts while the first one waits for the disk, the interleaving an actor allows at
  /// every `await`. The first write is held until the second write has started; a store
  /// that writes one draft at a time never starts it, and the first write then lands after
  /// two seconds (the only wait that a correct store pays).
  @Test func newerDraftLandsLastWhileTheFirstWriteIsSlow() async throws {
    let disk = HeldFirstWriteDisk()
    let store = DraftStore(write: { data in await disk.write(data) })
    let first = Task { try await store.save("Dear Ada,") }
    try #require(
      await eventually { await disk.writes == 1 }, "the first draft was never written")
    let second = Task { try await store.save("Dear Ada, thank you") }
    _ = await eventually { await store.text == "Dear Ada, thank you" }
    _ = await eventually(within: .seconds(2)) { await disk.writes == 2 }
    await disk.letTheFirstWriteLand()
    try await first.value
    try await second.value
    _ = await eventually { await disk.landed.count == 2 }
    let landed = await disk.landed
    #expect(
      landed.last == "Dear Ada, thank you",
      "the older draft landed after the newer one: the disk keeps \"\(landed.last ?? "")\"")
    #expect(
      await !disk.overlapped,
      "the second draft was written while the first was still being written: one write at a time, in the order of the saves"
    )
    #expect(landed.count == 2, "a draft never reached the disk: \(landed)")
  }

  @Test func failedWriteReachesTheCaller() async throws {
    struct DiskFull: Error {}
    let store = DraftStore(write: { _ in throw DiskFull() })
    await #expect(throws: DiskFull.self, "the disk refused the draft and nobody was told") {
      try await store.save("Dear Ada,")
    }
  }
}
