// Cuts a snapshot into parts of item lines as its chunks are read, checking its layout.

import Foundation

/// The streamed open's reading of a snapshot's bytes, one chunk of the file at a time.
///
/// A snapshot this package wrote has its header on the first line, one item per line, each
/// but the last ending in a comma, and its footer on the last line; a JSON string cannot hold
/// a raw line break. So the complete lines of each chunk can be cut out as it arrives, and
/// every `linesPerPart` item lines made into a JSON array of their own, a part, which
/// ``ParallelDecoder`` decodes while the rest of the file is still unread.
///
/// On the way it checks what ``StoreFormat/decode(_:as:configuration:)`` checks: every line
/// is valid UTF-8 (a line break is never inside a multi-byte character, so a character cut
/// in two by the end of a chunk is checked once its line is complete), and the bytes after
/// the header have the CRC-32C the header holds. It accepts exactly the layout the writer
/// produces, at the expected version and with a checksum. For anything else ``consume(_:)``
/// or ``finish()`` declines, and the caller reads the file whole, which also explains any
/// error.
struct SnapshotLineCutter {
  /// The end of a snapshot that was accepted.
  struct End {
    /// The items not yet in a ready part, as a JSON array; `nil` when there are none.
    var lastPart: Data?
    /// The journal sequence in the footer.
    var sequence: Int
  }

  private static let lineBreak = UInt8(ascii: "\n")
  private static let comma = UInt8(ascii: ",")
  private static let checksumKey = Array(#""checksum":"crc32c:"#.utf8)
  private static let lineChecksumsKey = Array(#""lines":"crc32c:"#.utf8)

  private let headerPrefix: [UInt8]
  private let linesPerPart: Int
  /// The bytes after the last line break so far: the start of a line a later chunk ends.
  private var partialLine: [UInt8] = []
  /// The 8 hex digits of the header's checksum; `nil` until the header has been read.
  private var storedChecksum: [UInt8]?
  /// The CRC-32C of the bytes after the header read so far.
  private var checksum: UInt32 = 0
  /// The part being filled: `[`, then its lines separated by line breaks.
  private var part = Data([UInt8(ascii: "[")])
  private var linesInPart = 0
  /// Where the part's last line starts, the line break before it included.
  private var lastLineCut = 1
  /// Whether a part was cut off before the one being filled.
  private var hasCutParts = false
  /// Whether the last part cut ended in a comma, so that an item must follow it.
  private var lastCutPartEndedInComma = true
  /// The parts cut off and not yet taken, in file order.
  private(set) var readyParts: [Data] = []
  /// The length of the header line; `nil` until it has been read.
  private(set) var headerLength: Int?
  /// How many items the header's per-line checksums announce; 0 when it has none.
  private(set) var announcedItemCount = 0

  /// A cutter for a snapshot at schema `version`, into parts of `linesPerPart` lines.
  init(version: Int, linesPerPart: Int) {
    headerPrefix = Array(#"{"version":\#(version),"#.utf8)
    self.linesPerPart = max(1, linesPerPart)
  }

  /// Takes the next bytes of the file; `false` when they are not in the layout.
  mutating func consume(_ chunk: UnsafeRawBufferPointer) -> Bool {
    guard let lastBreak = chunk.lastIndex(of: Self.lineBreak) else {
      partialLine.append(contentsOf: chunk)
      return true
    }
    var start = 0
    if !partialLine.isEmpty, let firstBreak = chunk.firstIndex(of: Self.lineBreak) {
      // The line begun in earlier chunks ends at this chunk's first line break.
      partialLine.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[...firstBreak]))
      let line = partialLine
      partialLine = []
      guard line.withUnsafeBytes({ takeLines($0) }) else { return false }
      start = firstBreak + 1
    }
    guard takeLines(UnsafeRawBufferPointer(rebasing: chunk[start..<(lastBreak + 1)])) else {
      return false
    }
    partialLine.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[(lastBreak + 1)...]))
    return true
  }

  /// The parts cut off so far, which the cutter forgets.
  mutating func takeReadyParts() -> [Data] {
    defer { readyParts = [] }
    return readyParts
  }

  /// Ends the file: `nil` unless it ended with a line break after its footer, and the bytes
  /// after its header have the checksum the header holds.
  mutating func finish() -> End? {
    guard partialLine.isEmpty, let storedChecksum, linesInPart > 0,
      storedChecksum.elementsEqual(StoreFormat.hex(checksum).utf8)
    else { return nil }
    let footerStart = linesInPart > 1 ? lastLineCut + 1 : lastLineCut
    guard let sequence = Self.footerSequence(part[footerStart...]) else { return nil }
    part.removeSubrange(lastLineCut...)
    linesInPart -= 1
    guard linesInPart > 0 else {
      // The last item, if any, ends the last part cut off: it takes no comma.
      guard !hasCutParts || !lastCutPartEndedInComma else { return nil }
      return End(lastPart: nil, sequence: sequence)
    }
    // A comma after the last item is not JSON, nor a missing one before it.
    guard lastCutPartEndedInComma, part.last != Self.comma else { return nil }
    part.append(UInt8(ascii: "]"))
    return End(lastPart: part, sequence: sequence)
  }

  /// Checks and takes complete lines, each ending in a line break.
  private mutating func takeLines(_ lines: UnsafeRawBufferPointer) -> Bool {
    guard !lines.isEmpty else { return true }
    guard UTF8Validation.firstInvalidOffset(in: lines) == nil else { return false }
    var start = 0
    if storedChecksum == nil {
      guard let end = lines.firstIndex(of: Self.lineBreak),
        readHeader(UnsafeRawBufferPointer(rebasing: lines[..<end]))
      else { return false }
      start = end + 1
    }
    let body = UnsafeRawBufferPointer(rebasing: lines[start...])
    checksum = CRC32C.checksum(body, continuing: checksum)
    var lineStart = 0
    while let end = body[lineStart...].firstIndex(of: Self.lineBreak) {
      guard take(UnsafeRawBufferPointer(rebasing: body[lineStart..<end])) else { return false }
      lineStart = end + 1
    }
    return true
  }

  /// Reads the first line: `{"version":N,` with the expected version, a checksum, and
  /// `"items":[` at its end.
  private mutating func readHeader(_ line: UnsafeRawBufferPointer) -> Bool {
    guard line.starts(with: headerPrefix),
      line.reversed().starts(with: #""items":["#.utf8.reversed()),
      let key = line.firstRange(of: Self.checksumKey)
    else { return false }
    storedChecksum = Array(line[key.upperBound...].prefix(8))
    headerLength = line.count
    if let key = line.firstRange(of: Self.lineChecksumsKey) {
      let digits = line[key.upperBound...].prefix { $0 != UInt8(ascii: "\"") }.count
      announcedItemCount = digits / 8
    }
    return true
  }

  /// Adds a line after the header to the part being filled. A full part is cut off first:
  /// the line after it shows that all of its lines are items.
  private mutating func take(_ line: UnsafeRawBufferPointer) -> Bool {
    if linesInPart == linesPerPart {
      guard cutPart() else { return false }
    }
    lastLineCut = part.count
    if linesInPart > 0 { part.append(Self.lineBreak) }
    part.append(line.assumingMemoryBound(to: UInt8.self))
    linesInPart += 1
    return true
  }

  /// Makes the part being filled, all items, a JSON array ready to decode.
  private mutating func cutPart() -> Bool {
    // An item without a comma after it, followed by more items, is not JSON.
    guard lastCutPartEndedInComma else { return false }
    lastCutPartEndedInComma = part.last == Self.comma
    if lastCutPartEndedInComma { part.removeLast() }
    part.append(UInt8(ascii: "]"))
    var next = Data(capacity: part.count + part.count / 8)
    next.append(UInt8(ascii: "["))
    readyParts.append(part)
    part = next
    linesInPart = 0
    hasCutParts = true
    return true
  }

  /// `N` from the footer `],"sequence":N}`, in plain digits; 0 from `]}`.
  private static func footerSequence(_ line: Data) -> Int? {
    if line.elementsEqual("]}".utf8) { return 0 }
    let prefix = #"],"sequence":"#.utf8
    guard line.starts(with: prefix), line.last == UInt8(ascii: "}") else { return nil }
    let digits = line.dropFirst(prefix.count).dropLast()
    guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
      digits.first != UInt8(ascii: "0") || digits.count == 1
    else { return nil }
    return Int(String(decoding: digits, as: UTF8.self))
  }
}
