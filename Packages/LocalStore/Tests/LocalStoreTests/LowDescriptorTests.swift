// A program started with its standard streams closed never gets a store file as one of them.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite struct LowDescriptorTests {
  /// With stdin and stdout closed, the next files a program opens get descriptors 0 and 1;
  /// if a store file were one of them, what the program prints would land in the store.
  @Test func aWriterWithItsStandardStreamsClosedKeepsItsOutputOutOfTheStore() async throws {
    let folder = try TemporaryDirectory()
    let path = folder.url.path
    let result = try await onOwnThread {
      try ChildProcess.runBlocking(storeWriter, ["save-closed", path, "5"])
    }
    #expect(result.status == 0, "\(result.standardError)")
    // The slot is kept taken, and the stream still closed in effect: a print fails, as it
    // would have with nothing there, instead of vanishing into a writable placeholder.
    let outcomes = result.standardError.split(separator: "\n").filter {
      $0.hasPrefix("descriptor 1: ")
    }
    #expect(outcomes.count == 5, "\(result.standardError)")
    #expect(
      outcomes.allSatisfy { $0 == "descriptor 1: Bad file descriptor" }, "\(result.standardError)")
    for name in ["q.json", "q.json.journal", "q.json.lock"] {
      let contents = String(decoding: bytes(of: folder.appending(name)) ?? Data(), as: UTF8.self)
      #expect(!contents.contains("ack "), "\(name) holds the program's output")
    }
    let repository = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await repository.loadAll().count == 5)
  }
}
