// What a round costs after a bulk push: the new changes only, and the overlap once.

import Foundation
import LocalStoreSync
import LocalStoreTestSupport
import Testing

/// A device pushes 200 notes, then changes one: the round right after reads only what is new;
/// the first round once the settle delay has passed reads again the overlap behind the
/// checkpoint (here all 200, written within 10 s) once; the next settling round reads only
/// what is new again. Before checkpoints every round read the overlap again: the one-change
/// round right after a bulk push received every note of the last 10 s.
@Suite(.needsSyncServer, .kintoServer())
struct SyncPullCostTests {
  @Test(arguments: StoreKind.allCases)
  func aRoundReadsTheOverlapBehindItsCursorOnceAndNotAfterEveryChange(
    _ kind: StoreKind
  )
    async throws
  {
    let fixture = try ServerFixture()
    let device = try DeviceStore(kind)
    let client = fixture.client()
    let settle = Duration.milliseconds(500)
    let sync = { fixture.synchronizer(device, client: client, settleAfter: settle) }
    func received(_ body: () async throws -> SyncOutcome) async throws -> (Int, SyncOutcome) {
      let before = await client.traffic
      let outcome = try await body()
      return (await client.traffic.bytesReceived - before.bytesReceived, outcome)
    }
    for note in notes(200, "bulk") { try await device.save(note) }
    let (bulk, pushed) = try await received { try await sync().synchronize() }
    #expect(pushed.sent == 200 && !pushed.settled)

    try await device.save(Note(title: "One change"))
    let (right, afterChange) = try await received { try await sync().synchronize() }
    try await Task.sleep(for: settle)
    let (settling, settled) = try await received { try await sync().synchronize() }
    try await Task.sleep(for: settle)
    let (later, settledAgain) = try await received { try await sync().synchronize() }

    print(
      "\(kind): push of 200 received \(bulk) bytes; one change right after \(right); "
        + "the settling round \(settling); the next settling round \(later)")
    #expect(afterChange.sent == 1 && !afterChange.settled)
    #expect(right * 20 < bulk, "the round right after the push read \(right) of \(bulk) bytes")
    // The 200 notes again (about 130 bytes each), not one change's few hundred bytes.
    #expect(settled.settled && settling > 10 * right, "the overlap was not read again once")
    #expect(settledAgain.settled && later * 10 < settling, "a second settle read \(later) bytes")
  }
}
