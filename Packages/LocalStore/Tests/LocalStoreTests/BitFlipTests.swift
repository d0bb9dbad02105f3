// Damage that still parses as JSON is caught by the checksum: no flipped bit goes unnoticed.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite struct BitFlipTests {
  /// Flips one random bit of every byte of a real store, one byte at a time. Each damaged
  /// file must either be refused with a ``PersistenceError`` or, when the flip hit something
  /// that carries no data (such as the name of the checksum key), read back exactly the
  /// original items. Silently different data is the one outcome that is not allowed.
  @Test func everyFlippedBitIsRefusedOrHarmless() async throws {
    let folder = try TemporaryDirectory()
    // Items of about 220 bytes, so that, as in a real store, most bytes are data: flips in the
    // header's per-line checksums, which only salvage reads, are harmless.
    let original = (0..<4).map { paddedNote($0, prefix: "flip") }
    let repository = try LocalRepository<Note>(directory: folder.url, filename: "good.json")
    try await repository.save(contentsOf: original)
    let good = try #require(bytes(of: folder.appending("good.json")))
    var generator = SystemRandomNumberGenerator()
    var refused = 0
    for offset in good.indices {
      var damaged = good
      damaged[offset] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
      try damaged.write(to: folder.appending("bad.json"))
      do {
        let opened = try LocalRepository<Note>(directory: folder.url, filename: "bad.json")
        #expect(await opened.loadAll() == original, "flip at byte \(offset) changed the data")
      } catch is PersistenceError {
        refused += 1
      }
    }
    #expect(refused > good.count * 9 / 10)
  }

  @Test func theChecksumErrorSaysHowToEditByHand() throws {
    let folder = try TemporaryDirectory()
    let file = folder.appending("q.json")
    let json = """
      {"version":1,"checksum":"crc32c:00000000","items":[
      ]}

      """
    try Data(json.utf8).write(to: file)
    let error = try #require(throws: PersistenceError.self) {
      try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    }
    #expect(error.description.contains("checksum"))

    // Removing the key, as the message says, makes a hand-edited file readable.
    try Data(#"{"version":1,"items":[]}"#.utf8).write(to: file)
    _ = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
  }
}
