// Helpers for the process-fault tests: system tools, mounts, probes, a nearly full journal.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

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
func runTool(_ name: String, _ arguments: [String]) async throws -> ChildProcessResult {
  try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments)
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

/// Builds a journal store `q.json` in `folder` whose journal is within `margin` bytes of the
/// size that makes a save compact it, saving `item(0)`, `item(1)`, ... (items of about 220
/// bytes on disk, such as ``paddedNote(_:prefix:)``), and returns its items in order.
func fillJournalToJustBelowCompaction<Item: Codable & Identifiable & Sendable>(
  in folder: URL, margin: Int64, with item: (Int) -> Item
) async throws -> [Item] where Item.ID: Hashable & Codable & Sendable {
  let threshold = StoreConfiguration().minimumCompactionSize
  let journal = folder.appendingPathComponent("q.json.journal")
  func journalSize() throws -> Int64 {
    Int64(journalRecords(at: journal)?.count ?? 0)  // Not the zeros reserved after them.
  }
  let repository = try LocalRepository<Item>(directory: folder, filename: "q.json")
  var items = [item(0)]
  try await repository.save(contentsOf: items)  // A new store writes its snapshot at once.
  while try journalSize() < threshold - (16 << 10) {
    let batch = (0..<40).map { item(items.count + $0) }
    try await repository.save(contentsOf: batch)
    items += batch
  }
  while try journalSize() < threshold - margin {
    let next = item(items.count)
    try await repository.save(next)
    items.append(next)
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
  let mounted = try await runTool(
    "mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", mountPoint.path])
  guard mounted.status == 0 else {
    try Test.cancel("cannot mount a tmpfs here: \(mounted.standardError)")
  }
  let result: Result<Value, any Error>
  do {
    result = .success(try await body(mountPoint))
  } catch {
    result = .failure(error)
  }
  // A descriptor still open in this process makes a plain unmount fail: detach it then.
  if (try? await runTool("umount", [mountPoint.path]))?.status != 0 {
    _ = try? await runTool("umount", ["--lazy", mountPoint.path])
  }
  withExtendedLifetime(parent) {}
  return try result.get()
}
