// Helpers for the process-fault tests: killable writers, system tools, mounts and probes.

import Foundation
import Models
import TestSupport
import Testing

@testable import Persistence

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What this machine lets the fault tests do.
enum FaultEnvironment {
  /// Whether the tests run as root, which mounts, `chattr` and `setpriv` need.
  static var isRoot: Bool { getuid() == 0 }

  /// Whether `setpriv` is there to run a child as another user.
  static var hasSetpriv: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") }

  /// The number of kill iterations: `STRESS_ITERATIONS` if set to a positive number, else
  /// `defaultIterations`.
  static func stressIterations(default defaultIterations: Int) -> Int {
    let value = ProcessInfo.processInfo.environment["STRESS_ITERATIONS"].flatMap { Int($0) }
    return value.map { max($0, 1) } ?? defaultIterations
  }
}

/// Runs the system tool `name`, found on `PATH`, to completion.
func runTool(_ name: String, _ arguments: [String]) throws -> ChildProcessResult {
  try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments)
}

/// The built `StoreWriter` child program.
var storeWriter: URL { BuiltProducts.executable("StoreWriter") }

/// The ids of the `ack <UUID>` lines of a writer's output, in order; other lines are ignored.
func acknowledgedIDs(in output: String) -> [UUID] {
  output.split(separator: "\n").compactMap { line in
    line.hasPrefix("ack ") ? UUID(uuidString: String(line.dropFirst(4))) : nil
  }
}

/// The names of the temporary files a write of `filename` leaves in `folder`.
func temporaryFiles(in folder: URL, for filename: String = "q.json") throws -> [String] {
  try FileManager.default.contentsOfDirectory(atPath: folder.path)
    .filter { TemporaryFileName.isTemporary($0, for: filename) }
}

/// The store's path as the repository reports it, with symbolic links resolved.
func storePath(in folder: URL, filename: String = "q.json") -> String {
  folder.appendingPathComponent(filename).resolvingSymlinksInPath().path
}

/// A question of about 220 bytes on disk, shaped like the ones `StoreWriter` saves.
func writerSizedQuestion(_ index: Int, prefix: String) -> Question {
  Question(prompt: "\(prefix) \(index)", answer: String(repeating: "a", count: 100))
}

/// Builds a journal store `q.json` in `folder` whose journal is within `margin` bytes of the
/// size that makes a save compact it, and returns its items in order.
func fillJournalToJustBelowCompaction(
  in folder: URL, margin: Int64
) async throws -> [Question] {
  let threshold = StoreConfiguration().minimumCompactionSize
  let journal = folder.appendingPathComponent("q.json.journal")
  func journalSize() throws -> Int64 {
    FileManager.default.fileExists(atPath: journal.path) ? try fileStatus(of: journal).size : 0
  }
  let repository = try LocalRepository<Question>(directory: folder, filename: "q.json")
  var items = [writerSizedQuestion(0, prefix: "seed")]
  try await repository.save(contentsOf: items)  // A new store writes its snapshot at once.
  while try journalSize() < threshold - (16 << 10) {
    let batch = (0..<40).map { writerSizedQuestion(items.count + $0, prefix: "seed") }
    try await repository.save(contentsOf: batch)
    items += batch
  }
  while try journalSize() < threshold - margin {
    let question = writerSizedQuestion(items.count, prefix: "seed")
    try await repository.save(question)
    items.append(question)
  }
  try #require(try journalSize() <= threshold, "the journal was compacted while filling it")
  return items
}

/// The kind, size, mode, inode and modification time of whatever is at `url`.
func fileStatus(of url: URL) throws -> FileStatus {
  try SystemFileSystem().status(ofPath: url.path)
}

/// Mounts a tmpfs of `size` (such as `"64k"`) on a fresh folder for the length of `body`,
/// and always unmounts it afterwards.
///
/// Cancels the test, with the reason, when the mount is refused (not root, or a container
/// without the right to mount).
func withTmpfs<Value>(
  size: String, _ body: (URL) async throws -> Value
) async throws -> Value {
  let parent = try TemporaryDirectory(prefix: "ProcessFaultTmpfs")
  let mountPoint = parent.appending("tmpfs")
  try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: false)
  let mounted = try runTool(
    "mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", mountPoint.path])
  guard mounted.status == 0 else {
    try Test.cancel("cannot mount a tmpfs here: \(mounted.standardError)")
  }
  defer {
    // A descriptor still open in this process makes a plain unmount fail: detach it then.
    if (try? runTool("umount", [mountPoint.path]))?.status != 0 {
      _ = try? runTool("umount", ["--lazy", mountPoint.path])
    }
    withExtendedLifetime(parent) {}
  }
  return try await body(mountPoint)
}

/// A `StoreWriter save` child that a test can kill at any moment, reading its
/// acknowledgements as they arrive.
final class KillableWriter {
  /// How a killed or finished writer ended.
  struct Outcome: Sendable {
    /// Whether SIGKILL (or another signal) ended it.
    var wasKilled: Bool
    /// Its exit status, or the signal number when killed.
    var status: Int32
    /// Every id it acknowledged, in order.
    var acknowledged: [UUID]
    /// What it wrote to standard error.
    var standardError: String
  }

  private let process = Process()
  private let output = Pipe()
  private let errors = Pipe()
  private var received = Data()

  /// Starts `StoreWriter <mode> <folder> <count> <prefix>`, `mode` being `save` or
  /// `save-relaxed`.
  init(folder: URL, count: Int, prefix: String, mode: String = "save") throws {
    process.executableURL = storeWriter
    process.arguments = [mode, folder.path, String(count), prefix]
    process.environment = ChildProcess.environment([:])
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = errors
    try process.run()
  }

  /// Blocks until `count` acknowledgements have been read or the writer closed its output.
  func waitForAcknowledgements(_ count: Int) {
    while acknowledgementCount < count {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { return }  // End of output: the writer is gone.
      received.append(chunk)
    }
  }

  /// Sends SIGKILL unless the writer already ended.
  func killNow() {
    guard process.isRunning else { return }
    _ = kill(process.processIdentifier, SIGKILL)
  }

  /// Waits for the writer to end and collects the rest of its output.
  func finish() throws -> Outcome {
    process.waitUntilExit()
    received.append(try output.fileHandleForReading.readToEnd() ?? Data())
    let standardError = try errors.fileHandleForReading.readToEnd() ?? Data()
    return Outcome(
      wasKilled: process.terminationReason == .uncaughtSignal,
      status: process.terminationStatus,
      acknowledged: acknowledgedIDs(in: String(decoding: received, as: UTF8.self)),
      standardError: String(decoding: standardError, as: UTF8.self))
  }

  private var acknowledgementCount: Int {
    received.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
  }
}
