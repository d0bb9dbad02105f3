// The fairness row: durable saves beside another process that saves lossy in a tight loop.

import Foundation
import LocalStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Times durable saves, one every millisecond or so, of a store that another process
/// (``LossyLoopProcess``) keeps saving into as fast as it can with `lossyOnPowerCut`: how long
/// a durable save waits for its turn at the store's lock, plus its own write and `fsync`.
/// Once with nothing else running, once with the loaded row's busy processes, in one run;
/// each time after the same saves with no other writer, for comparison.
struct FairnessWorkload {
  let context: BenchmarkContext

  /// The saves alone, then beside the loop, quiet, then the same under load: how much of a
  /// save's time is its own write and `fsync` on this disk, and how much the wait for a turn.
  func run(busyProcesses: Int) async throws -> [BenchmarkResults.FairnessRow] {
    var rows: [BenchmarkResults.FairnessRow] = []
    for busy in [0, busyProcesses] {
      for beside in [false, true] {
        rows.append(try await measure(busyProcesses: busy, besideLossyLoop: beside))
      }
    }
    return rows
  }

  private func measure(
    busyProcesses: Int, besideLossyLoop: Bool
  ) async throws -> BenchmarkResults.FairnessRow {
    let sizes = context.sizes
    let folder = try context.scratch.folder("fairness-\(busyProcesses)-\(besideLossyLoop)")
    defer { context.scratch.discard(folder) }
    let repository = try await Contender.journal.openRepository(in: folder)
    try await repository.save(contentsOf: QuestionBatch(count: 1_000).questions)
    let batch = try QuestionBatch(count: sizes.fairnessSaves, firstNumber: 500_000)

    let load =
      busyProcesses > 0
      ? try BusyProcesses(count: busyProcesses, seconds: sizes.busyProcessSeconds) : nil
    let other = besideLossyLoop ? Process() : nil
    let output = Pipe()
    var printed = Data()
    if let other {
      other.executableURL =
        Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
      other.arguments = [LossyLoopProcess.flag, folder.path, String(sizes.busyProcessSeconds)]
      other.standardInput = FileHandle.nullDevice
      other.standardOutput = output
      try other.run()
      while !String(decoding: printed, as: UTF8.self).contains("ready\n") {
        let chunk = output.fileHandleForReading.availableData
        guard !chunk.isEmpty else {
          throw BenchmarkError.probeFailed(
            "the lossy loop",
            "it ended before its first save: \(String(decoding: printed, as: UTF8.self))")
        }
        printed.append(chunk)
      }
    }
    defer { if let other, other.isRunning { kill(other.processIdentifier, SIGKILL) } }

    let clock = ContinuousClock()
    var samples = DurationSamples()
    var longest = Duration.zero
    for question in batch.questions {
      let start = clock.now
      try await repository.save(question)
      let took = start.duration(to: clock.now)
      samples.append(took)
      longest = max(longest, took)
      try await Task.sleep(for: .milliseconds(1))
    }
    if let other {
      _ = FileManager.default.createFile(
        atPath: folder.appendingPathComponent("stop").path, contents: Data())
      printed.append(try output.fileHandleForReading.readToEnd() ?? Data())
      other.waitUntilExit()
    }
    let report = load?.stop()
    let words = String(decoding: printed, as: UTF8.self).split(whereSeparator: \.isWhitespace)
    let rate: Double? = {
      guard let index = words.firstIndex(of: "saves"), index + 2 < words.count,
        let count = Double(words[index + 1]), let seconds = Double(words[index + 2]),
        seconds > 0
      else { return nil }
      return count / seconds
    }()
    return BenchmarkResults.FairnessRow(
      busyProcesses: busyProcesses, besideLossyLoop: besideLossyLoop, saves: samples.count,
      medianMicroseconds: samples.median.microseconds, p99Microseconds: samples.p99.microseconds,
      maxMicroseconds: longest.microseconds, otherWriterSavesPerSecond: rate,
      loadHeldThroughout: report?.heldThroughout ?? true,
      cpuSharePerBusyProcess: report?.cpuSharePerProcess)
  }
}
