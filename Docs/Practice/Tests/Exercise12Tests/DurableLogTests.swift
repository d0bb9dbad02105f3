// Checks exercise 12: the log's blocking sync runs on the queue the app gave it, off the pool.

import Dispatch
import ExerciseSupport
import Foundation
import Testing

@testable import Exercise12

/// Where each sync ran: on the log's queue, or elsewhere (a thread of the cooperative pool).
struct SyncPlaces: Sendable {
  let queue = DispatchQueue(label: "practice.log")
  private let key = DispatchSpecificKey<Bool>()
  /// One element per sync: whether it ran on `queue`. A continuation may be used from any thread.
  let onQueue: AsyncStream<Bool>
  private let recorder: AsyncStream<Bool>.Continuation

  init() {
    (onQueue, recorder) = AsyncStream.makeStream(of: Bool.self)
    queue.setSpecific(key: key, value: true)
  }

  func record() {
    recorder.yield(DispatchQueue.getSpecific(key: key) == true)
  }

  /// The places recorded so far.
  func recorded() async -> [Bool] {
    recorder.finish()
    var places: [Bool] = []
    for await place in onQueue { places.append(place) }
    return places
  }
}

@Suite struct DurableLogTests {
  @Test func linesAreWritten() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let log = try DurableLog(fileURL: folder.file("log.txt"), queue: DispatchQueue(label: "log"))
    try await log.append("first")
    try await log.append("second")
    #expect(try String(contentsOf: folder.file("log.txt"), encoding: .utf8) == "first\nsecond\n")
  }

  @Test func syncRunsOnTheLogsOwnQueue() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let places = SyncPlaces()
    let log = try DurableLog(
      fileURL: folder.file("log.txt"), queue: places.queue, sync: { _ in places.record() })
    try await log.append("first")
    try await log.append("second")
    #expect(
      await places.recorded() == [true, true],
      "fsync ran on a thread of the cooperative pool, not on the log's queue")
  }
}
