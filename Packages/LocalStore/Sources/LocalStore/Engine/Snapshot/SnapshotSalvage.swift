// Takes a damaged snapshot apart line by line and keeps every item that is still intact.

import Foundation

/// The items that can still be read from a damaged snapshot, and a truthful count of those
/// that cannot.
///
/// A snapshot holds one item per line, so each line is decoded on its own: a damaged byte
/// costs at most the item whose line it falls in. Nothing about the header is required: a
/// header that is garbled, flipped or missing only loses what it could tell (the checksums,
/// the count of items), and the items are read as the configured version. Lines may end in
/// `\r\n` as well as `\n`. The header's per-item checksums, when it still has them, say how
/// many items there were, so that a zeroed run or a garbage line that swallowed several
/// lines is counted as the items it took, not as one.
struct SnapshotSalvage<Item: Decodable & Identifiable> where Item.ID: Hashable {
  /// The intact items, in file order.
  private(set) var cache = OrderedCache<Item.ID, Item>()
  /// The items lost: the header's count less those kept, or the lines that did not decode.
  private(set) var damaged = 0
  /// Whether the last line (with the journal sequence) is missing or damaged.
  private(set) var truncated = false
  /// Whether the checksum of the header, if it has one, fails.
  private(set) var checksumMismatch = false
  /// The journal sequence the snapshot includes; 0 when its last line is lost.
  private(set) var sequence = 0
  /// Whether ``sequence`` can be trusted: the last line is there and the header's checksum,
  /// which covers it, matches. One changed digit in the last line otherwise makes the
  /// snapshot claim journal records it does not hold (or deny ones it does).
  private(set) var sequenceIsVerified = false

  /// Salvages the snapshot `data`.
  ///
  /// - Throws: ``PersistenceError/corrupt(_:reason:)`` when the first line is an intact
  ///   header of another schema version (its items are not this version's, and a migration,
  ///   not a salvage, reads them), or when nothing of a store is found in it at all.
  init(_ data: Data, configuration: StoreConfiguration, file: URL) throws(PersistenceError) {
    var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map { $0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0 }  // `\r\n` line ends.
    if lines.last?.isEmpty == true { lines.removeLast() }
    guard let header = lines.first else { return }
    if let version = Self.headerVersion(header), version != configuration.schemaVersion {
      throw .corrupt(
        file,
        reason: "its first line is the header of a version \(version) store, not"
          + " \(configuration.schemaVersion), so its items cannot be read as this version's;"
          + " move it aside instead")
    }
    // The last line that reads as a footer ends the items: lines after it were appended to
    // the file (garbage), not items of it, and are neither kept nor counted.
    let footerLine = lines.indices.dropFirst().last { Self.footerSequence(lines[$0]) != nil }
    let footer = footerLine.flatMap { Self.footerSequence(lines[$0]) }
    sequence = footer ?? 0
    truncated = footer == nil
    checksumMismatch = (try? StoreFormat.verifyChecksum(of: data)) == nil
    let hasChecksum = header.range(of: Data(#""checksum":"crc32c:"#.utf8)) != nil
    sequenceIsVerified = footer != nil && hasChecksum && !checksumMismatch
    let announced = Self.lineChecksums(header)
    // When the body fails its checksum, a line must also match one of the per-item checksums
    // of the header, if it has them: that finds a damaged byte that still parses. Matching
    // by value, not by position, keeps one lost line from shifting the others.
    let expected = checksumMismatch ? announced.map(Set.init) : nil
    // The header line itself may hold an item: one whose line break was damaged.
    var candidates = [Self.itemAfterHeader(header)].compactMap { $0 }
    candidates += lines[1..<(footerLine ?? lines.count)]
    var unreadable = 0
    var kept = 0
    let decoder = JSONDecoder()
    for line in candidates {
      var item = line
      if item.last == UInt8(ascii: ",") { item = item.dropLast() }
      guard !item.isEmpty else { continue }
      guard expected?.contains(CRC32C.checksum(item)) ?? true,
        let decoded = try? decoder.decode(Item.self, from: Data(item)),
        cache[decoded.id] == nil
      else {
        unreadable += 1
        continue
      }
      cache.update(decoded, forKey: decoded.id)
      kept += 1
    }
    // The header's checksums say how many items there were; without them, every line that
    // did not decode counts as one item lost.
    damaged = announced.map { max(0, $0.count - kept) } ?? unreadable
    guard kept > 0 || footer != nil || Self.headerVersion(header) != nil else {
      throw .corrupt(
        file,
        reason: "neither a header, an item nor a last line of a store can be found in it;"
          + " move it aside instead")
    }
  }

  /// What follows `"items":[` on the header line, if anything: the first item, when the line
  /// break after the header was damaged into another byte.
  private static func itemAfterHeader(_ header: Data.SubSequence) -> Data.SubSequence? {
    let key = Data(#""items":["#.utf8)
    guard let range = header.range(of: key, options: .backwards) else { return nil }
    let rest = header[range.upperBound...].drop { $0 != UInt8(ascii: "{") }
    return rest.isEmpty ? nil : rest
  }

  /// The per-item checksums of a header line (`"lines":"crc32c:<8 hex digits per item>"`),
  /// in order, or `nil` when it has none (a file written before they existed, or a header
  /// too damaged to tell).
  private static func lineChecksums(_ header: Data.SubSequence) -> [UInt32]? {
    let text = String(decoding: header, as: UTF8.self)
    guard let start = text.range(of: #""lines":"crc32c:"#) else { return nil }
    let digits = Array(text[start.upperBound...].prefix { $0.isHexDigit })
    guard digits.count % 8 == 0 else { return nil }
    var checksums: [UInt32] = []
    var index = 0
    while index + 8 <= digits.count {
      guard let value = UInt32(String(digits[index..<(index + 8)]), radix: 16) else { return nil }
      checksums.append(value)
      index += 8
    }
    return checksums
  }

  /// The `version` of an intact header line `{"version":N,...,"items":[`; `nil` when the
  /// line is not one.
  private static func headerVersion(_ line: Data.SubSequence) -> Int? {
    let text = String(decoding: line, as: UTF8.self)
    guard text.hasPrefix(#"{"version":"#), text.hasSuffix(#""items":["#) else { return nil }
    let digits = text.dropFirst(11).prefix { $0.isNumber }
    guard text.dropFirst(11 + digits.count).hasPrefix(",") else { return nil }
    return Int(digits)
  }

  /// The sequence in a last line `],"sequence":N}` (or `]` when the file has no items).
  private static func footerSequence(_ line: Data.SubSequence) -> Int? {
    let text = String(decoding: line, as: UTF8.self)
    let prefixes = [#"],"sequence":"#, #"]],"sequence":"#]
    guard let prefix = prefixes.first(where: text.hasPrefix), text.hasSuffix("}") else {
      return nil
    }
    return Int(text.dropFirst(prefix.count).dropLast())
  }
}
