// The parallel decoder reads parts in order, and declines a batch with a part that fails.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite struct ParallelDecoderTests {
  private func snapshot(_ count: Int) throws -> (Data, [Note]) {
    let items = sampleNotes(count)
    let bytes = try StoreFormat.encode(items, version: 1, sequence: 7)
    return (Data(bytes), items)
  }

  /// Parts of `items` cut at `cuts`, each a JSON array.
  private func parts(of items: [Note], cutAt cuts: [Int]) throws -> [Data] {
    let bounds = [0] + cuts + [items.count]
    return try zip(bounds, bounds.dropFirst()).map {
      try JSONEncoder().encode(Array(items[$0..<$1]))
    }
  }

  @Test(arguments: [[], [0], [1], [3, 3], [1, 500, 999], [250, 500, 750]])
  func decodesEveryPartInOrder(cuts: [Int]) throws {
    let items = sampleNotes(1_000)
    let batch = ParallelDecoder.Batch(decoding: try parts(of: items, cutAt: cuts), as: Note.self)
    let decoded = try #require(batch.wait())
    #expect(decoded.count == cuts.count + 1)
    #expect(Array(decoded.joined()) == items)
  }

  @Test(arguments: 0..<4)
  func declinesABatchWithAPartThatDoesNotDecode(broken: Int) throws {
    var batch = try parts(of: sampleNotes(40), cutAt: [10, 20, 30])
    batch[broken] = Data(#"[{"title":"no id"}]"#.utf8)
    #expect(ParallelDecoder.Batch(decoding: batch, as: Note.self).wait() == nil)
  }

  /// A snapshot large enough to be encoded in parts is still one valid JSON document, with
  /// every item on its own line, in order.
  @Test func aSnapshotEncodedInPartsIsOneDocumentWithOneItemPerLine() throws {
    let (data, items) = try snapshot(12_345)
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect((document["items"] as? [Any])?.count == items.count)
    let lines = data.split(separator: UInt8(ascii: "\n"))
    #expect(lines.count == items.count + 2)
    let decoder = JSONDecoder()
    for (index, line) in lines.dropFirst().dropLast().enumerated()
    where index % 1_000 == 0 || index == items.count - 1 {
      let json = line.last == UInt8(ascii: ",") ? line.dropLast() : line
      #expect(try decoder.decode(Note.self, from: Data(json)) == items[index])
    }
  }
}
