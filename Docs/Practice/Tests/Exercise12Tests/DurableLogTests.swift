// Checks exercise 12: the log's blocking sync runs on the queue the app gave it, off the pool.

import Dispatch
import ExerciseSupport
import Foundation
import Testing

@testable import Exercise12

/// Where each sync ran: on the log's queue or elsewhere (the cooperative pool).
final class SyncPlaces: Sendable {
  let queue = DispatchQueue(label: "practice.log")
  private let key = DispatchSpecificKey<Bool>()
  private let places = DispatchQueue(label: "practice.log.places")
  nonisolated(unsafe) private var onQueue: [Bool] = []  // Guarded by `places`.

  init() {
    queue.setSpecific(key: key, value: true)
  }

  func record() {
    let isOnQueue = DispatchQueue.getSpecific(key: key) == true
    places.sync { onQueue.append(isOnQueue) }
  }

  var recorded: [Bool] { places.sync { onQueue } }
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
      places.recorded == [true, true],
      "fsync ran on a thread of the cooperative pool, not on the log's queue")
  }
}
