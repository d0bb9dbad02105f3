// Stores the writer may not change: a folder of another user, an immutable file or folder.

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

@Suite struct ProcessFaultPermissionTests {
  /// `setpriv` arguments that run the rest of the command line as `nobody`, with no groups.
  static let asNobody = ["--reuid=65534", "--regid=65534", "--clear-groups"]

  /// What `chattr +i` is applied to.
  enum ImmutablePart: String, CaseIterable, Sendable {
    case storeFile, folder
  }

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
    let existing = sampleQuestions(3)
    try await LocalRepository<Question>(directory: folder, filename: "q.json")
      .save(contentsOf: existing)
    // Readable and traversable by everyone, writable by root only.
    try setPermissions(0o755, of: parent.url)
    try setPermissions(0o755, of: folder)
    try setPermissions(0o644, of: file)
    let original = try #require(bytes(of: file))
    let status = try fileStatus(of: file)
    let listing = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()

    let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
    let reader = try ChildProcess.run(
      setpriv, Self.asNobody + [storeWriter.path, "count", folder.path])
    try #require(
      reader.status == 0,
      "uid 65534 must be able to run StoreWriter and read the store: \(reader.standardError)")
    #expect(reader.standardOutput == "3\n")

    let writer = try ChildProcess.run(
      setpriv, Self.asNobody + [storeWriter.path, "save", folder.path, "1"])
    #expect(writer.status == 1)
    #expect(!writer.wasSignalled)
    #expect(writer.standardError.contains(storePath(in: folder)), "\(writer.standardError)")
    #expect(writer.standardError.contains("Permission denied"), "\(writer.standardError)")
    #expect(acknowledgedIDs(in: writer.standardOutput).isEmpty)
    #expect(bytes(of: file) == original)
    #expect(try fileStatus(of: file) == status)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == listing)
    let reopened = try LocalRepository<Question>(directory: folder, filename: "q.json")
    #expect(await reopened.loadAll() == existing)
  }

  /// `chattr +i` stops even root: renaming over an immutable file, or creating a file in an
  /// immutable folder, fails with EPERM. A rewrite must then be refused cleanly. A journal
  /// store may still append to its existing journal (neither flag covers that file); then
  /// the save must be durable and the snapshot byte-identical.
  @Test(
    .enabled(if: FaultEnvironment.isRoot, "chattr +i needs root"),
    arguments: ImmutablePart.allCases, [StorageStrategy.rewrite, .journal])
  func anImmutableStoreRefusesTheSaveCleanlyOrStoresItDurably(
    part: ImmutablePart, strategy: StorageStrategy
  ) async throws {
    let folder = try TemporaryDirectory(prefix: "ProcessFaultImmutable")
    let file = folder.appending("q.json")
    var configuration = StoreConfiguration()
    configuration.strategy = strategy
    let repository = try LocalRepository<Question>(
      directory: folder.url, filename: "q.json", configuration: configuration)
    var expected = sampleQuestions(3)
    for question in expected { try await repository.save(question) }
    let original = try #require(bytes(of: file))
    let status = try fileStatus(of: file)

    let target = part == .storeFile ? file.path : folder.url.path
    let immutable = try runTool("chattr", ["+i", target])
    guard immutable.status == 0 else {
      try Test.cancel("chattr +i is not supported here: \(immutable.standardError)")
    }
    defer {
      _ = try? runTool("chattr", ["-i", target])
      withExtendedLifetime(folder) {}  // Removable only once mutable again.
    }

    let question = Question(prompt: "refused or kept", answer: "a")
    do {
      try await repository.save(question)
      expected.append(question)
      // Only an append to the journal, which already exists, can get past `chattr +i`.
      #expect(strategy == .journal, "a rewrite went through")
    } catch let error as PersistenceError {
      guard case .writeFailed(let url, let reason) = error else {
        Issue.record("expected .writeFailed, got \(error)")
        return
      }
      #expect(url.path == storePath(in: folder.url))
      #expect(reason.contains("Operation not permitted"), "\(reason)")
      #expect(error.description.contains("q.json"))
    }
    #expect(bytes(of: file) == original)
    #expect(try fileStatus(of: file) == status)
    #expect(await repository.loadAll() == expected)
    #expect(try temporaryFiles(in: folder.url).isEmpty)
    let reopened = try LocalRepository<Question>(
      directory: folder.url, filename: "q.json", configuration: configuration)
    #expect(await reopened.loadAll() == expected)
  }

  private func setPermissions(_ mode: Int, of url: URL) throws {
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
  }
}
