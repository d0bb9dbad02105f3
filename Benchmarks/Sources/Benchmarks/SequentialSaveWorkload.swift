// Saves one after another, on stores already holding 1,000 to 100,000 items, with or without
// busy processes beside them.

import Foundation

/// Times individual saves of new items on stores pre-filled with one batch.
///
/// Every contender saves the same new questions on top of the same stored ones, and the
/// contenders take turns: each turn is a block of ``blockSize`` saves on one store, and the
/// next turn goes to the next store, starting with a different store each round. An `fsync`
/// on this machine has taken from 0.15 ms to 4 ms within one minute; taking turns puts every
/// store under the same disk, so the ratios between them hold even when the absolute figures
/// move. Between turns the file system is synced, so one store's unflushed writes (the
/// original pattern writes megabytes without an `fsync`) are not flushed during the next
/// store's saves. A store stops after ``saves`` saves, or earlier once
/// its saves have taken ``BenchmarkSizes/secondsPerSize`` (but never before
/// ``BenchmarkSizes/minimumSaves``): that is what keeps the O(n) contenders from taking hours
/// at 100,000 items.
///
/// With ``busyProcesses`` above zero, that many ``BusyProcess``es run while the stores take
/// their turns (not while they are filled), and are killed when the turns end.
struct SequentialSaveWorkload {
  let context: BenchmarkContext
  /// The stores compared, in the order of their first turn.
  let contenders: [Contender]
  /// The store sizes, one after another.
  let storeSizes: [Int]
  /// The most saves timed per store, ``BenchmarkSizes/savesPerSize`` by default.
  var saves: Int
  /// CPU-burning processes beside the saves; 0 for none.
  var busyProcesses: Int

  init(
    context: BenchmarkContext, contenders: [Contender], storeSizes: [Int], saves: Int? = nil,
    busyProcesses: Int = 0
  ) {
    self.context = context
    self.contenders = contenders
    self.storeSizes = storeSizes
    self.saves = saves ?? context.sizes.savesPerSize
    self.busyProcesses = busyProcesses
  }

  /// The saves one store makes in a turn.
  static let blockSize = 10

  /// One contender's open store and its timed saves so far.
  private struct Lane {
    let contender: Contender
    let folder: URL
    let store: any DurableStore
    var samples = DurationSamples()
    /// The thread switches of the process during the timed saves, in all.
    var threadSwitches = 0
    var isDone = false
  }

  /// The rows, and the load the busy processes made, if there were any.
  func run() async throws -> (rows: [BenchmarkResults.SaveRow], load: BenchmarkResults.LoadReport?)
  {
    let sizes = context.sizes
    let loaded = busyProcesses > 0 ? ", \(busyProcesses) busy processes" : ""
    var rows: [BenchmarkResults.SaveRow] = []
    var load: BenchmarkResults.LoadReport?
    for size in storeSizes {
      let stored = try QuestionBatch(count: size)
      let fresh = try QuestionBatch(
        count: sizes.warmUpSaves + saves, firstNumber: size)
      var lanes: [Lane] = []
      for contender in contenders {
        context.progress("saves: filling \(contender.label), \(Format.count(size))\(loaded)")
        let folder = try context.scratch.folder("saves-\(contender.rawValue)-\(size)")
        let (store, _) = try await contender.makeStore(in: folder, filledWith: stored)
        lanes.append(Lane(contender: contender, folder: folder, store: store))
      }
      context.scratch.settle()
      context.progress("saves: every store in turn, \(Format.count(size)) stored\(loaded)")
      if busyProcesses > 0 {
        let processes = try BusyProcesses(
          count: busyProcesses, seconds: sizes.busyProcessSeconds)
        // Let them start and take their share of the cores before the first timed save.
        try await Task.sleep(for: .milliseconds(300))
        try await takeTurns(&lanes, saving: fresh)
        load = processes.stop()
      } else {
        try await takeTurns(&lanes, saving: fresh)
      }
      for lane in lanes {
        rows.append(
          BenchmarkResults.SaveRow(
            contender: lane.contender, storedItems: size, busyProcesses: busyProcesses,
            saves: lane.samples.count, medianMicroseconds: lane.samples.median.microseconds,
            p99Microseconds: lane.samples.p99.microseconds,
            threadSwitchesPerSave: Double(lane.threadSwitches) / Double(max(1, lane.samples.count)))
        )
      }
      let folders = lanes.map(\.folder)
      lanes.removeAll()  // Closes the stores before their folders go.
      for folder in folders { context.scratch.discard(folder) }
    }
    return (rows, load)
  }

  /// Gives every running store, in turn, its next block of saves of `fresh`, timing each
  /// save, until every store is done.
  private func takeTurns(_ lanes: inout [Lane], saving fresh: QuestionBatch) async throws {
    let sizes = context.sizes
    let budget = Duration.seconds(sizes.secondsPerSize)
    let clock = ContinuousClock()
    var next = Array(repeating: 0, count: lanes.count)  // Each store's next item.
    var round = 0
    while !lanes.allSatisfy(\.isDone) {
      for turn in lanes.indices {
        let lane = (turn + round) % lanes.count
        guard !lanes[lane].isDone else { continue }
        let end = min(next[lane] + Self.blockSize, fresh.count)
        for index in next[lane]..<end {
          let switchesBefore = ThreadSwitches.ofThisProcess()
          let start = clock.now
          try await lanes[lane].store.save(fresh.questions[index], record: fresh.records[index])
          let elapsed = start.duration(to: clock.now)
          let switches = ThreadSwitches.ofThisProcess() - switchesBefore
          guard index >= sizes.warmUpSaves else { continue }
          lanes[lane].samples.append(elapsed)
          lanes[lane].threadSwitches += switches
        }
        next[lane] = end
        let samples = lanes[lane].samples
        lanes[lane].isDone =
          end == fresh.count || (samples.count >= sizes.minimumSaves && samples.total >= budget)
        context.scratch.settle()
      }
      round += 1
    }
  }
}
