// The machine a run measured: processor, cores, memory, kernel and the scratch folder's disk.

import Foundation

/// What is needed to compare one run with another.
struct MachineInfo: Codable, Sendable {
  var cpuModel: String
  var logicalCores: Int
  var memoryGiB: Double
  var operatingSystem: String
  var scratchFolder: String
  var fileSystem: String
  /// `/proc/loadavg`'s 1, 5 and 15-minute load when the run started: other work on the
  /// machine skews every timing.
  var loadAverage: String

  /// The machine running this process, with `scratch` as the folder under test.
  init(scratch: ScratchFolder) {
    let cpuInfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let modelLine = cpuInfo.split(separator: "\n").first { $0.hasPrefix("model name") }
    cpuModel =
      modelLine.flatMap { $0.split(separator: ":", maxSplits: 1).last }
      .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
    logicalCores = ProcessInfo.processInfo.activeProcessorCount
    memoryGiB =
      (Double(ProcessInfo.processInfo.physicalMemory) / Double(1 << 30) * 10).rounded() / 10
    operatingSystem = ProcessInfo.processInfo.operatingSystemVersionString
    scratchFolder = scratch.url.path
    fileSystem = scratch.fileSystem
    loadAverage = Self.currentLoadAverage()
  }

  /// `/proc/loadavg`'s first three fields, such as `0.12 0.30 0.41`; empty if unreadable.
  static func currentLoadAverage() -> String {
    let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
    return load.split(separator: " ").prefix(3).joined(separator: " ")
  }
}
