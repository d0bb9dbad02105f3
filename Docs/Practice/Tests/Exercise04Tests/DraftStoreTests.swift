// Checks exercise 4: saves in flight at once land one at a time, in the order of the saves,
// the newest last, and a failed write reaches its caller.

import ExerciseSupport
import Foundation
import Testing

@testable import Exercise04

/// A disk that records what lands, and holds the first write until the test lets it go:
/// real disks are slow at random; this one is slow exactly when it hurts. Later writes take
/// a random few milliseconds each. It also notes whether a write started while another was
/// still under way.
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
    } else {
      try? await Task.sleep(for: .microseconds(Int.random(in: 0...3_000)))
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

/// What the test says when the store stops answering.
let blocks = """
  the store never answered while a write was under way: something inside the actor blocks \
  its thread (a semaphore, a lock or a sync wait) until the disk answers; wait with await
  """

/// One test at a time: a fix that blocks a thread inside the actor then blocks one of the pool's
/// threads, and the test still has another to notice it on and to say so.
@Suite(.serialized) struct DraftStoreTests {
  @Test func savesOneAfterAnotherLeaveTheLastDraft() async throws {
    let disk = HeldFirstWriteDisk()
    await disk.letTheFirstWriteLand()
    let store = DraftStore(write: { data in await disk.write(data) })
    try await store.save("Dear Ada,")
    try await store.save("Dear Ada, thank you")
    #expect(
      await eventually { await disk.landed.count == 2 }, "a draft never reached the disk")
    #expect(await disk.landed.last == "Dear Ada, thank you")
    #expect(
      await store.text == "Dear Ada, thank you", "the store does not keep the last text saved")
  }

  /// The user types on while the first draft's write is still under way: the later saves
  /// start while the first one waits for the disk, the interleaving an actor allows at every
  /// `await`. The first write is held until each later save has begun; a store that writes
  /// one draft at a time never starts the second write, and the first write then lands after
  /// two seconds (the only wait that a correct store pays). Three saves in flight, twenty
  /// times over with random delays on the disk: a fix that keeps the order of two saves but
  /// not of three (a busy flag, "wait for the previous write, then register mine") lets an
  /// older draft land last in most rounds.
  @Test(arguments: [2, 3])
  func newerDraftLandsLastWhileTheFirstWriteIsSlow(saves: Int) async throws {
    for round in 1...(saves == 2 ? 1 : 20) {
      let drafts = (1...saves).map { "Draft \($0) of round \(round)" }
      let disk = HeldFirstWriteDisk()
      let store = DraftStore(write: { data in await disk.write(data) })
      var tasks = [Task { try await store.save(drafts[0]) }]
      try #require(
        await eventually { await disk.writes == 1 }, "the first draft was never written")
      for draft in drafts.dropFirst() {
        tasks.append(Task { try await store.save(draft) })
        guard await answer(within: .seconds(20), { await store.text }) != nil else {
          // Let everything finish before the next test, or its blocked threads starve it.
          await disk.letTheFirstWriteLand()
          for task in tasks { _ = await task.result }
          Issue.record(Comment(rawValue: blocks))
          return
        }
        _ = await eventually(within: .seconds(5)) {
          await answer(within: .seconds(5)) { await store.text } == draft
        }
      }
      // Time for a store that writes at once to start the later writes; the first round gives
      // it two seconds, the others a moment (the random delays vary what they meet).
      _ = await eventually(within: round == 1 ? .seconds(2) : .milliseconds(20)) {
        await disk.writes == saves
      }
      await disk.letTheFirstWriteLand()
      for task in tasks { try await task.value }
      _ = await eventually { await disk.landed.count == saves }
      let landed = await disk.landed
      #expect(
        landed.last == drafts.last,
        "round \(round): the older draft landed after the newer one: the disk keeps \"\(landed.last ?? "")\""
      )
      #expect(
        await !disk.overlapped,
        "round \(round): a draft was written while another was still being written: one write at a time, in the order of the saves"
      )
      #expect(
        landed == drafts, "round \(round): the drafts landed as \(landed), not in the order saved")
      guard landed == drafts, await !disk.overlapped else { return }
    }
  }

  /// Ten saves started at once, none waiting for another, on a disk slow at random: they
  /// still write one at a time, every draft lands, and the disk ends with the text the store
  /// ends with. An `await` between taking the previous write and registering this one lets
  /// two saves chain to the same write, and both write at once.
  @Test func savesStartedAtOnceWriteOneAtATime() async throws {
    let disk = HeldFirstWriteDisk()
    await disk.letTheFirstWriteLand()
    let store = DraftStore(write: { data in await disk.write(data) })
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 1...10 { group.addTask { try await store.save("Draft \(index)") } }
      try await group.waitForAll()
    }
    _ = await eventually { await disk.landed.count == 10 }
    let landed = await disk.landed
    #expect(
      await !disk.overlapped,
      "ten saves at once: a draft was written while another was still being written")
    #expect(landed.count == 10, "ten saves at once: \(landed.count) drafts reached the disk")
    let shown = await store.text
    #expect(
      landed.last == shown,
      "ten saves at once: the disk keeps \"\(landed.last ?? "")\", the store shows \"\(shown)\"")
  }

  @Test func failedWriteReachesTheCaller() async throws {
    struct DiskFull: Error {}
    let store = DraftStore(write: { _ in throw DiskFull() })
    await #expect(throws: DiskFull.self, "the disk refused the draft and nobody was told") {
      try await store.save("Dear Ada,")
    }
  }
}
