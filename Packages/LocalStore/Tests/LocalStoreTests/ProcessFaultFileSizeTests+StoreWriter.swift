// `ulimit -f` on a StoreWriter child process: a clear error, and nothing acknowledged lost.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

extension ProcessFaultFileSizeTests {
  /// `ulimit -f 8` caps files at 4 KiB: the write that crosses it fails with EFBIG.
  ///
  /// Skipped under `make test-tsan`: with a file-size limit, the thread sanitizer's own
  /// runtime dies of SIGBUS in the child before the store is touched.
  @Test(
    .disabled(
      if: ProcessInfo.processInfo.environment["TEST_SANITIZER"] == "thread",
      "the thread sanitizer's runtime crashes under ulimit -f"))
  func aFileSizeLimitStopsTheWriterWithAClearErrorAndLosesNothing() async throws {
    let folder = try TemporaryDirectory(prefix: "ProcessFaultUlimit")
    let result = try await onOwnThread {
      try ChildProcess.runBlocking(
        URL(fileURLWithPath: "/bin/sh"),
        ["-c", #"ulimit -f 8; exec "$0" save "$1" 200"#, storeWriter.path, folder.url.path])
    }
    #expect(result.status == 1)
    #expect(!result.wasSignalled)
    #expect(result.standardError.contains("File too large"), "\(result.standardError)")
    #expect(result.standardError.contains(storePath(in: folder.url)), "\(result.standardError)")
    let acknowledged = acknowledgedIDs(in: result.standardOutput)
    #expect((1..<200).contains(acknowledged.count))
    // The writer removed its own temporary file when the write failed.
    #expect(try temporaryFiles(in: folder.url).isEmpty)
    let repository = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await repository.loadAll().map(\.id) == acknowledged)
  }
}
