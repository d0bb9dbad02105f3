// The parent side of the loaded row: busy processes started beside a workload and killed after.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// CPU-burning child processes, this executable run as ``BusyProcess``, that share the cores
/// with the benchmark while a workload runs: what a phone's other apps and the system do to
/// a store's thread wake-ups.
///
/// Each is bounded three ways: ``stop()`` kills it with `SIGKILL` (and so does `deinit`, if
/// the workload throws), it ends by itself after the time it was given, and it ends as soon
/// as this process has gone, even after a `kill -9`.
final class BusyProcesses {
  private var processes: [Process] = []
  private let clock = ContinuousClock()
  private let started: ContinuousClock.Instant

  /// Starts `count` busy processes that live at most `seconds`.
  init(count: Int, seconds: Int) throws {
    started = clock.now
    do {
      for _ in 0..<count {
        let process = Process()
        process.executableURL =
          Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = [BusyProcess.flag, String(seconds)]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        processes.append(process)
      }
    } catch {
      killAll()
      throw error
    }
  }

  deinit {
    killAll()
  }

  /// Kills every process and says whether all were still running, and how busy they were.
  func stop() -> BenchmarkResults.LoadReport {
    let elapsed = started.duration(to: clock.now).seconds
    let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
    var cpuSeconds = 0.0
    var allRunning = true
    for process in processes {
      allRunning = allRunning && process.isRunning
      cpuSeconds += Double(Self.cpuTicks(of: process.processIdentifier)) / ticksPerSecond
    }
    let count = processes.count
    killAll()
    return BenchmarkResults.LoadReport(
      busyProcesses: count, seconds: elapsed, heldThroughout: allRunning,
      cpuSharePerProcess: count > 0 && elapsed > 0 ? cpuSeconds / Double(count) / elapsed : 0)
  }

  private func killAll() {
    for process in processes where process.isRunning {
      kill(process.processIdentifier, SIGKILL)
    }
    for process in processes {
      process.waitUntilExit()
    }
    processes.removeAll()
  }

  /// The user and system CPU time of `pid` in clock ticks, from `/proc/<pid>/stat`; 0 where
  /// there is no such file (not Linux).
  private static func cpuTicks(of pid: Int32) -> Int {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let endOfName = stat.lastIndex(of: ")")
    else { return 0 }
    // After the name: state (3rd field), ..., utime (14th), stime (15th).
    let fields = stat[stat.index(after: endOfName)...].split(separator: " ")
    guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
      return 0
    }
    return user + system
  }
}
