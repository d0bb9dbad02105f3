// Damaged and hand-edited snapshots are not streamed: they open, or fail, as a whole file did.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite struct SnapshotStreamFallbackTests {
  /// 1,500 items: two parts, so that damage can sit in the second part or at their boundary.
  private let items = sampleNotes(1_500)

  /// What opening `bytes` gives, after checking that the stream declines them at two chunk
  /// sizes and that the open gives exactly what decoding the whole document gives.
  private func openedWhole(
    _ bytes: Data
  ) throws -> (url: URL, result: Result<SnapshotRead, PersistenceError>) {
    let folder = try TemporaryDirectory()
    let snapshot = try SnapshotUnderTest(bytes, in: folder.url)
    let whole = try snapshot.decodedWhole()
    for chunkSize in [7, 1 << 20] {
      #expect(try snapshot.streamed(chunkSize: chunkSize) == nil, "chunks of \(chunkSize)")
      #expect(try snapshot.opened(chunkSize: chunkSize) == whole, "chunks of \(chunkSize)")
    }
    return (try snapshot.file().location.fileURL, whole)
  }

  /// The reason of a ``PersistenceError/corrupt(_:reason:)``; `nil` for anything else.
  private func corruptReason(_ result: Result<SnapshotRead, PersistenceError>) -> String? {
    guard case .failure(.corrupt(_, let reason)) = result else { return nil }
    return reason
  }

  /// The offset of the first byte of `text` in `bytes`.
  private func offset(of text: String, in bytes: Data) throws -> Int {
    try #require(bytes.firstRange(of: Data(text.utf8))).lowerBound
  }

  @Test func aFlippedBitIsAChecksumMismatch() throws {
    var bytes = try writtenSnapshot(items)
    bytes[try offset(of: "Note 1234", in: bytes)] ^= 0x01
    let reason = try #require(corruptReason(try openedWhole(bytes).result))
    #expect(reason.hasPrefix("its checksum does not match its contents (stored "), "\(reason)")
  }

  @Test(arguments: [0.3, 0.7, 0.999])
  func aTruncatedFileSaysItIsTruncated(fraction: Double) throws {
    let full = try writtenSnapshot(items)
    let length = Int(Double(full.count) * fraction)
    let reason = try #require(corruptReason(try openedWhole(full.prefix(length)).result))
    #expect(
      reason == "the file is truncated: it ends at byte \(length) without its last line"
        + " (a copy cut short, or a disk that filled up)")
  }

  @Test func aFileWithoutItsLastLineBreakIsTruncated() throws {
    let full = try writtenSnapshot(items)
    let reason = try #require(corruptReason(try openedWhole(full.dropLast()).result))
    #expect(reason.hasPrefix("the file is truncated: it ends at byte \(full.count - 1) "))
  }

  /// Bytes that are not UTF-8 inside an item line, in the second part, with the checksum
  /// left as it was or made to match, or inside the header's line checksums, which the
  /// checksum does not cover: in each case the whole-file check names the byte.
  @Test(
    arguments: ["Text 1100", #""lines":"crc32c:"#],
    [[0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80]] as [[UInt8]])
  func invalidUTF8InsideALineIsNamedByItsOffset(after text: String, invalid: [UInt8]) throws {
    var bytes = try writtenSnapshot(items)
    let at = try offset(of: text, in: bytes) + text.utf8.count + 3
    bytes.replaceSubrange(at..<(at + invalid.count), with: invalid)
    for damaged in [bytes, try resealed(bytes)] {
      #expect(corruptReason(try openedWhole(damaged).result) == "invalid UTF-8 at byte \(at)")
    }
  }

  /// Across the two parts, and within one: the first ID that comes again is named.
  @Test(arguments: [(3, 1_400), (10, 11)])
  func aDuplicateIDIsRefused(first: Int, again: Int) throws {
    var duplicated = items
    duplicated[again].id = items[first].id
    let (url, result) = try openedWhole(try writtenSnapshot(duplicated))
    #expect(result == .failure(.duplicateID(url, id: items[first].id.uuidString)))
  }

  /// Reformatted with its checksum, it fails the checksum; with the checksum removed, as the
  /// message says to do, it opens with the same items.
  @Test func aReformattedFileFailsItsChecksumOrOpensWithoutOne() throws {
    let text = String(decoding: try writtenSnapshot(items), as: UTF8.self)
    let reformatted = text.replacingOccurrences(of: "\n{", with: "\n  {")
    let reason = try #require(corruptReason(try openedWhole(Data(reformatted.utf8)).result))
    #expect(reason.hasPrefix("its checksum does not match its contents"), "\(reason)")
    for edited in [reformatted, text] {
      let unsealed = edited.replacingOccurrences(
        of: #""checksum":"crc32c:[0-9a-f]{8}","#, with: "", options: .regularExpression)
      let result = try openedWhole(Data(unsealed.utf8)).result
      #expect(result == .success(SnapshotRead(items: items, sequence: 7)))
    }
  }

  /// With a checksum that matches, only the layout is wrong: the stream must not read
  /// past a missing comma at the end of a part, which joins two parts that each parse.
  @Test func aMissingCommaIsAnErrorEvenBetweenTwoParts() throws {
    let text = String(decoding: try writtenSnapshot(items), as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for line in [1_000, 1_001, 500] {  // The end of the first part, its neighbour, and inside.
      var edited = lines
      edited[line].removeLast()
      let (_, result) = try openedWhole(try resealed(edited.joined(separator: "\n")))
      #expect(corruptReason(result) != nil, "line \(line): \(result)")
    }
  }

  /// Small parts, and each item line's comma missing in turn, with a checksum that
  /// matches: wherever the comma is missing, before, at or after the end of a part, the
  /// stream declines, and the whole-document decode says what is wrong.
  @Test(arguments: [1, 2, 3])
  func aMissingCommaAtAnyLineIsDeclinedWhateverThePartSize(linesPerPart: Int) throws {
    let folder = try TemporaryDirectory()
    let text = String(decoding: try writtenSnapshot(sampleNotes(8)), as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for line in 1..<8 {  // Every item line but the last, which has no comma.
      var edited = lines
      edited[line].removeLast()
      let snapshot = try SnapshotUnderTest(
        try resealed(edited.joined(separator: "\n")), in: folder.url)
      #expect(
        try snapshot.streamed(chunkSize: 5, linesPerPart: linesPerPart) == nil, "line \(line)")
      #expect(corruptReason(try snapshot.decodedWhole()) != nil, "line \(line)")
    }
  }

  /// A comma after the last item is not the writer's layout; Foundation's parser accepts it.
  @Test func aTrailingCommaIsReadWhole() throws {
    let text = String(decoding: try writtenSnapshot(items), as: UTF8.self)
    let edited = text.replacingOccurrences(of: "}\n],", with: "},\n],")
    let (_, result) = try openedWhole(try resealed(edited))
    #expect(result == .success(SnapshotRead(items: items, sequence: 7)))
  }

  @Test func aNewerVersionIsRefused() throws {
    let text = String(decoding: try writtenSnapshot(items), as: UTF8.self)
    let edited = text.replacingOccurrences(of: #"{"version":1,"#, with: #"{"version":2,"#)
    let (url, result) = try openedWhole(Data(edited.utf8))
    #expect(result == .failure(.unsupportedVersion(url, version: 2, newest: 1)))
  }

  /// A footer whose number is not in plain digits is left to the JSON parser.
  @Test(arguments: ["+7", "07", "7.0", "-7", "99999999999999999999"])
  func aFooterSequenceOutOfTheOrdinaryIsReadWhole(sequence: String) throws {
    let text = String(decoding: try writtenSnapshot(items), as: UTF8.self)
    let edited = text.replacingOccurrences(
      of: #""sequence":7}"#, with: #""sequence":\#(sequence)}"#)
    _ = try openedWhole(try resealed(edited))
  }

  /// A sequence no writer could reach is refused by the same check, streamed or not.
  @Test func aSequenceOutOfRangeIsRefusedWhenStreamedToo() throws {
    let folder = try TemporaryDirectory()
    let text = String(decoding: try writtenSnapshot(items), as: UTF8.self)
    let edited = text.replacingOccurrences(
      of: #""sequence":7}"#, with: #""sequence":\#(Journal.Record.maximumSequence + 1)}"#)
    let snapshot = try SnapshotUnderTest(try resealed(edited), in: folder.url)
    #expect(try snapshot.streamed(chunkSize: 1 << 20)?.items == items)
    let whole = try snapshot.decodedWhole()
    #expect(try snapshot.opened() == whole)
    #expect(corruptReason(whole)?.contains("is outside 0...") == true, "\(whole)")
  }
}
