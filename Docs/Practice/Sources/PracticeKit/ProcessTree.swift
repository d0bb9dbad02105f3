// Stops a child process and everything it started, even what moved to a process group of its own.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process and its descendants, found with `ps`, so that a stuck run can be ended.
///
/// Killing the child's process group is not enough: `swift test` starts the test binary in a
/// process group of its own, so a test that hangs would outlive it. This finds every
/// descendant and kills each process group that one of them leads, then each descendant.
enum ProcessTree {
  /// One row of `ps`.
  struct Row: Equatable {
    var pid: Int32
    var parent: Int32
    var group: Int32
  }

  /// `root` and every process below it, parents before children, read from `rows`.
  static func descendants(of root: Int32, in rows: [Row]) -> [Row] {
    var found = rows.filter { $0.pid == root }
    var index = 0
    while index < found.count {
      let parent = found[index].pid
      found += rows.filter { $0.parent == parent && $0.pid != parent }
      index += 1
    }
    return found
  }

  /// Sends `signal` (by default `SIGKILL`) to `root`, its descendants, and the process groups
  /// any of them leads.
  static func kill(_ root: Int32, signal: Int32 = SIGKILL) {
    let tree = descendants(of: root, in: rows())
    let members = Set(tree.map(\.pid))
    for row in tree where members.contains(row.group) {
      _ = signalProcess(-row.group, signal)
    }
    for row in tree.reversed() {
      _ = signalProcess(row.pid, signal)
    }
    _ = signalProcess(-root, signal)
    _ = signalProcess(root, signal)
  }

  /// Every process on the machine, from `ps`; empty when `ps` cannot run.
  static func rows() -> [Row] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/ps")
    process.arguments = ["-A", "-o", "pid=", "-o", "ppid=", "-o", "pgid="]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    do { try process.run() } catch { return [] }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ").compactMap { Int32($0) }
      guard fields.count == 3 else { return nil }
      return Row(pid: fields[0], parent: fields[1], group: fields[2])
    }
  }
}

/// The C library's `kill`, named apart from ``ProcessTree/kill(_:)``.
private func signalProcess(_ pid: Int32, _ signal: Int32) -> Int32 {
  #if canImport(Glibc)
    Glibc.kill(pid, signal)
  #else
    Darwin.kill(pid, signal)
  #endif
}
