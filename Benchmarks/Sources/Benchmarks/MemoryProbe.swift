// The child side of the peak-memory workload: open one store and report resident memory.

import Foundation

/// Run as `Benchmarks memory-probe <opening> <folder>` by ``PeakMemoryWorkload``.
///
/// It notes `VmRSS` first, opens the store (the cold open), notes `VmHWM` and `VmRSS` while
/// the store is still open, and prints one JSON ``Report`` line. A fresh process is the only way to see
/// one open's peak: a high-water mark never goes down.
struct MemoryProbe {
  static let subcommand = "memory-probe"

  /// What the child prints.
  struct Report: Codable {
    var baselineKiB: Int
    var peakKiB: Int
    /// Resident memory once the open has returned, with the store still open.
    var residentKiB: Int
    var items: Int
  }

  let opening: Opening
  let folder: URL

  /// Runs the probe and returns the process's exit code.
  func run() async -> Int32 {
    guard let before = MemoryStatus.current() else {
      FileHandle.standardError.write(Data("memory-probe: no /proc/self/status\n".utf8))
      return 1
    }
    do {
      guard let store = try await opening.openSharedStore(in: folder) else {
        FileHandle.standardError.write(Data("memory-probe: \(opening) has no store\n".utf8))
        return 1
      }
      // Read before counting: `loadAll()` builds an array of its own.
      guard let after = MemoryStatus.current() else { return 1 }
      let items = await store.loadAll().count
      let report = Report(
        baselineKiB: before.residentKiB, peakKiB: after.peakKiB, residentKiB: after.residentKiB,
        items: items)
      FileHandle.standardOutput.write(try JSONEncoder().encode(report) + Data("\n".utf8))
      return 0
    } catch {
      FileHandle.standardError.write(Data("memory-probe: \(error)\n".utf8))
      return 1
    }
  }
}
