// The parallel fast path reads exactly what the full decoder reads, and nothing more.

import Foundation
import Models
import TestSupport
import Testing

@testable import Persistence

@Suite struct ParallelDecoderTests {
  private func snapshot(_ count: Int) throws -> (Data, [Question]) {
    let items = sampleQuestions(count)
    let bytes = try StoreFormat.encode(items, version: 1, sequence: 7)
    return (Data(bytes), items)
  }

  @Test(arguments: [0, 1, 2, 4_999, 5_001, 12_345])
  func readsWhatTheWriterWroteInOrder(count: Int) throws {
    let (data, items) = try snapshot(count)
    let decoded = try #require(ParallelDecoder.decode(data, as: Question.self, version: 1))
    #expect(decoded.items == items)
    #expect(decoded.sequence == 7)
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
      #expect(try decoder.decode(Question.self, from: Data(json)) == items[index])
    }
  }

  @Test func declinesAnythingButItsOwnLayout() throws {
    let (data, items) = try snapshot(3)
    // Without the checksum, as a person who edits the file is told to do.
    let text = String(decoding: data, as: UTF8.self).replacingOccurrences(
      of: #""checksum":"crc32c:[0-9a-f]{8}","#, with: "", options: .regularExpression)
    let variants = [
      text.replacingOccurrences(of: "},\n{", with: "}\n{"),  // A missing comma: not JSON.
      text.replacingOccurrences(of: "}\n]", with: "},\n]"),  // A trailing comma.
      text.replacingOccurrences(of: "\n", with: "\n  "),  // Reformatted: valid JSON.
      String(text.dropLast()),  // No final newline.
    ]
    for variant in variants {
      #expect(ParallelDecoder.decode(Data(variant.utf8), as: Question.self, version: 1) == nil)
    }
    #expect(ParallelDecoder.decode(Data(text.utf8), as: Question.self, version: 1) != nil)
    #expect(ParallelDecoder.decode(data, as: Question.self, version: 2) == nil)
    // Declining only moves the file to the full decoder, which reads the reformatted file,
    // tolerates a trailing comma (Foundation does), and refuses a missing comma.
    let configuration = StoreConfiguration()
    for readable in [variants[1], variants[2]] {
      let decoded = try StoreFormat.decode(
        Data(readable.utf8), as: Question.self, configuration: configuration)
      #expect(decoded.items == items)
    }
    #expect(throws: StoreFormat.Failure.self) {
      try StoreFormat.decode(
        Data(variants[0].utf8), as: Question.self, configuration: configuration)
    }
  }
}
