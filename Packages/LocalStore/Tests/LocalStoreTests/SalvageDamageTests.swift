// Salvage keeps every intact item whatever happened to the header, line ends or size.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite struct SalvageDamageTests {
  /// Damage done to a snapshot of six items, and which of them are left intact.
  enum Damage: String, CaseIterable, Sendable {
    case headerVersionGarbled
    case headerLineBreakFlipped
    case headerChecksumGarbled
    case headerItemsKeyGarbled
    case headerReplacedByGarbage
    case crlfLineEnds
    case zeroedRunOverThreeItems
    case garbageLineInPlaceOfThreeItems

    /// The indexes of the six items that stay intact.
    var intact: [Int] {
      switch self {
      case .zeroedRunOverThreeItems, .garbageLineInPlaceOfThreeItems: [0, 4, 5]
      default: Array(0..<6)
      }
    }

    func apply(to data: Data) throws -> Data {
      var bytes = Array(data)
      let starts = [0] + bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
      func replace(_ old: String, with new: String) throws -> Data {
        let text = String(decoding: bytes, as: UTF8.self)
        let range = try #require(text.range(of: old))
        return Data(text.replacingCharacters(in: range, with: new).utf8)
      }
      switch self {
      case .headerVersionGarbled: return try replace(#"{"version":1"#, with: #"{"versi#n":1"#)
      case .headerLineBreakFlipped:
        bytes[starts[1] - 1] ^= 0x01
      case .headerChecksumGarbled: return try replace(#""checksum":"crc32c:"#, with: #""chec"#)
      case .headerItemsKeyGarbled: return try replace(#""items":["#, with: #""itens":{"#)
      case .headerReplacedByGarbage:
        bytes.replaceSubrange(0..<(starts[1] - 1), with: Array("#garbage#".utf8))
      case .crlfLineEnds:
        return Data(
          String(decoding: bytes, as: UTF8.self).replacingOccurrences(
            of: "\n", with: "\r\n"
          ).utf8)
      case .zeroedRunOverThreeItems:
        // From the start of item 1's line to the middle of item 3's.
        for index in starts[2]..<(starts[4] + 20) { bytes[index] = 0 }
      case .garbageLineInPlaceOfThreeItems:
        bytes.replaceSubrange(starts[2]..<(starts[5] - 1), with: Array("not an item".utf8))
      }
      return Data(bytes)
    }
  }

  /// A snapshot `q.json` of six notes in `folder`.
  private func makeStore(in folder: URL) async throws -> [Note] {
    let repository = try LocalRepository<Note>(directory: folder, filename: "q.json")
    let notes = sampleNotes(6)
    try await repository.save(contentsOf: notes)
    return notes
  }

  @Test(arguments: Damage.allCases)
  func repairKeepsEveryIntactItemAndCountsTheLostOnes(damage: Damage) async throws {
    let folder = try TemporaryDirectory()
    let notes = try await makeStore(in: folder.url)
    let file = folder.appending("q.json")
    try damage.apply(to: try #require(bytes(of: file))).write(to: file)
    #expect(throws: PersistenceError.self) {
      try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    }
    let report = try LocalRepository<Note>.salvage(directory: folder.url, filename: "q.json")
    #expect(report.kept == damage.intact.count)
    #expect(
      report.kept + report.damaged == 6, "kept \(report.kept) of \(report.kept + report.damaged)")
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == damage.intact.map { notes[$0] })
  }

  /// Every single-bit flip in the header line: the items are all kept, unless the flip turns
  /// the version into another number, which is then a store of that version, not damage.
  @Test func everySingleBitFlipInTheHeaderKeepsEveryItem() throws {
    let notes = sampleNotes(6)
    let original = try StoreFormat.encode(notes, version: 1, sequence: 3)
    let headerLength = try #require(original.firstIndex(of: UInt8(ascii: "\n")))
    var refused = 0
    var lost: [String] = []
    for index in 0...headerLength {
      for bit in 0..<8 {
        var damaged = original
        damaged[index] ^= 1 << bit
        do {
          let salvaged = try SnapshotSalvage<Note>(
            Data(damaged), configuration: StoreConfiguration(),
            file: URL(fileURLWithPath: "/q.json"))
          if salvaged.cache.values != notes || salvaged.damaged != 0 {
            lost.append("byte \(index) bit \(bit): kept \(salvaged.cache.values.count)")
          }
        } catch {
          refused += 1
        }
      }
    }
    #expect(lost.isEmpty, "\(lost)")
    #expect(refused <= 4, "only flips of the version digit to another digit may be refused")
  }

  @Test func aSnapshotOverTheSizeCapKeepsEveryItem() async throws {
    let folder = try TemporaryDirectory()
    let notes = try await makeStore(in: folder.url)
    let file = folder.appending("q.json")
    let size = try #require(bytes(of: file)).count
    var configuration = StoreConfiguration()
    configuration.maximumFileSize = Int64(size - 100)
    #expect(throws: PersistenceError.self) {
      try LocalRepository<Note>(
        directory: folder.url, filename: "q.json", configuration: configuration)
    }
    let report = try LocalRepository<Note>.salvage(
      directory: folder.url, filename: "q.json", configuration: configuration)
    #expect(report.kept == 6)
    #expect(report.damaged == 0)
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == notes)
  }
}
