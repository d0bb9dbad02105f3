// The machine a run measured: processor, cores, memory, kernel, toolchain and the scratch disk.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What is needed to compare one run with another.
struct MachineInfo: Codable, Sendable {
  var cpuModel: String
  var logicalCores: Int
  var memoryGiB: Double
  var operatingSystem: String
  /// `uname`'s system, release and machine, such as `Linux 6.18.44 x86_64`.
  var kernel: String
  /// The first line of `swift --version`, the toolchain `make bench` built with.
  var swiftVersion: String
  /// The SQLite library linked.
  var sqliteVersion: String
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
    kernel = Self.kernel()
    swiftVersion = Self.swiftVersion()
    sqliteVersion = SQLiteStore.libraryVersion
    scratchFolder = scratch.url.path
    fileSystem = scratch.fileSystem
    loadAverage = Self.currentLoadAverage()
  }

  /// `/proc/loadavg`'s first three fields, such as `0.12 0.30 0.41`; empty if unreadable.
  static func currentLoadAverage() -> String {
    let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
    return load.split(separator: " ").prefix(3).joined(separator: " ")
  }

  private static func kernel() -> String {
    var name = utsname()
    guard uname(&name) == 0 else { return "unknown" }
    func string<Field>(from field: Field) -> String {
      withUnsafeBytes(of: field) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
    }
    return [string(from: name.sysname), string(from: name.release), string(from: name.machine)]
      .joined(separator: " ")
  }

  /// The first line of `swift --version` as found on `PATH`, or `unknown`.
  private static func swiftVersion() -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "--version"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return "unknown" }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let first = String(decoding: data, as: UTF8.self).split(separator: "\n").first
    return process.terminationStatus == 0 ? first.map(String.init) ?? "unknown" : "unknown"
  }
}
