// This process's resident memory now and at its peak, from /proc/self/status.

import Foundation

/// `VmRSS` and `VmHWM` of the running process, in KiB.
struct MemoryStatus: Codable, Sendable {
  /// Resident memory now.
  var residentKiB: Int
  /// The most resident memory this process has had (its high-water mark).
  var peakKiB: Int

  /// The current values; `nil` where `/proc/self/status` does not exist (not Linux).
  static func current() -> MemoryStatus? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return nil
    }
    func kibibytes(_ key: String) -> Int? {
      guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") })
      else { return nil }
      return line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { Int($0) }
    }
    guard let resident = kibibytes("VmRSS"), let peak = kibibytes("VmHWM") else { return nil }
    return MemoryStatus(residentKiB: resident, peakKiB: peak)
  }
}
