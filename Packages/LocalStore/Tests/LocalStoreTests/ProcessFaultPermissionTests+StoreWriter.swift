// A StoreWriter child process run as another user, on a store it may read but not change.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

extension ProcessFaultPermissionTests {
  /// `setpriv` arguments that run the rest of the command line as `nobody`, with no groups.
  static let asNobody = ["--reuid=65534", "--regid=65534", "--clear-groups"]

  /// Root ignores permission bits, so the writer runs as uid 65534 against a store owned by
  /// root: it may read the store but not write anything beside it.
  @Test(
    .enabled(
      if: FaultEnvironment.isRoot && FaultEnvironment.hasSetpriv,
      "running the writer as another user needs root and /usr/bin/setpriv"))
  func aWriterWithoutWritePermissionFailsClearlyAndLeavesTheStoreByteIdentical() async throws {
    let parent = try TemporaryDirectory(prefix: "ProcessFaultReadOnly")
    let folder = parent.appending("store")
    let file = folder.appendingPathComponent("q.json")
    let existing = (0..<3).map { writerSizedNote($0, prefix: "existing") }
    try await LocalRepository<Note>(directory: folder, filename: "q.json")
      .save(contentsOf: existing)
    // Readable and traversable by everyone, writable by root only.
    try setPermissions(0o755, of: parent.url)
    try setPermissions(0o755, of: folder)
    try setPermissions(0o644, of: file)
    let original = try #require(bytes(of: file))
    let status = try fileStatus(of: file)
    let listing = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()

    let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
    let reader = try await ChildProcess.run(
      setpriv, Self.asNobody + [storeWriter.path, "count", folder.path])
    try #require(
      reader.status == 0,
      "uid 65534 must be able to run StoreWriter and read the store: \(reader.standardError)")
    #expect(reader.standardOutput == "3\n")

    let writer = try await ChildProcess.run(
      setpriv, Self.asNobody + [storeWriter.path, "save", folder.path, "1"])
    #expect(writer.status == 1)
    #expect(!writer.wasSignalled)
    #expect(writer.standardError.contains(storePath(in: folder)), "\(writer.standardError)")
    #expect(writer.standardError.contains("Permission denied"), "\(writer.standardError)")
    #expect(acknowledgedIDs(in: writer.standardOutput).isEmpty)
    #expect(bytes(of: file) == original)
    #expect(try fileStatus(of: file) == status)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == listing)
    let reopened = try LocalRepository<Note>(directory: folder, filename: "q.json")
    #expect(await reopened.loadAll() == existing)
  }

  private func setPermissions(_ mode: Int, of url: URL) throws {
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
  }
}
