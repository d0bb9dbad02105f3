// The framing of one journal record: a text line with its sequence, length and checksum.

/// One line of a journal: `<sequence> <length> <crc32c> <payload>\n`.
///
/// The payload is one line of JSON, the change itself. The length and the CRC-32C (of
/// `"<sequence> <payload>"`) let a reader tell a record torn by a crash, which can only be
/// the last one, from damage in the middle of the file, which is an error. Records are text,
/// so `cat notes.json.journal` shows what happened.
enum JournalRecord {
  /// What the parser found at one position of a journal.
  enum Parsed: Equatable {
    /// A whole, intact record, and the offset just past its newline.
    case record(sequence: Int, payload: Range<Int>, end: Int)
    /// A complete record (its end of line is there, or as many bytes as its header
    /// announces) that fails its checks, and why; the offset of the next line, if any.
    /// Never the work of a crash: a write is torn short, it is not changed.
    case damaged(reason: String, next: Int?)
    /// The start of a record cut short by a crash: the bytes run to the end of the file
    /// without an end of line, and fewer of them than its header announces (if it has one).
    case torn(reason: String)
  }

  /// The largest sequence number a record or a snapshot may hold: 2^53, the largest integer
  /// every JSON reader keeps exactly. A million changes a second would take 285 years to get
  /// there; a larger number in a file is damage, and refusing it keeps `sequence + 1` from
  /// overflowing.
  static let maximumSequence = 1 << 53

  /// The sequence from which the next change renumbers the store from 0: 2^52.
  ///
  /// A limit alone would wedge a store: a snapshot numbered just below it (damage, a file
  /// made by hand or by another program) would make every later save fail while the store
  /// still reads, and `repair` would find nothing wrong. A higher limit is no way out, since
  /// 2^53 is the largest integer every JSON reader keeps exactly. So a store at or above this
  /// number writes its items as a snapshot at its current number, which every record left in
  /// the journal is at or below; once the journal is empty for certain, it writes them again
  /// numbered 0 (see ``DiskStore/record(_:resulting:)``). A crash in between leaves either
  /// snapshot, each complete with an empty journal. No store gets here by saving (a million
  /// changes a second would take 142 years), and between this and ``maximumSequence`` there
  /// is room for as many changes again, so a failed renumbering is simply tried on the next.
  static let renumberingSequence = 1 << 52

  /// The bytes of a record.
  static func encode(sequence: Int, payload: [UInt8]) -> [UInt8] {
    let hex = String(checksum(sequence: sequence, payload: payload[...]), radix: 16)
    let header =
      "\(sequence) \(payload.count) \(String(repeating: "0", count: 8 - hex.count))\(hex) "
    return Array(header.utf8) + payload + [UInt8(ascii: "\n")]
  }

  /// Whether the bytes from `start` on are all zeros (or none): the space a journal reserves
  /// after its last record. A record never holds a zero byte.
  static func isFreeSpace(_ bytes: [UInt8], from start: Int) -> Bool {
    start >= bytes.count || (bytes[start] == 0 && contentEnd(bytes, from: start) == start)
  }

  /// Where the bytes from `start` on end once the zeros reserved after them are left out.
  static func contentEnd(_ bytes: [UInt8], from start: Int) -> Int {
    guard start < bytes.count else { return start }
    return bytes[start...].lastIndex { $0 != 0 }.map { $0 + 1 } ?? start
  }

  /// Parses the record that starts at `start`, which must be before the end of `bytes`.
  static func parse(_ bytes: [UInt8], at start: Int) -> Parsed {
    guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
      return parseUnterminated(bytes, at: start)
    }
    let next = newline + 1
    var fields: [Int] = []  // Offsets just past the first three spaces.
    var position = start
    while fields.count < 3, position < newline {
      if bytes[position] == UInt8(ascii: " ") { fields.append(position + 1) }
      position += 1
    }
    guard fields.count == 3,
      let sequence = Int(String(decoding: bytes[start..<(fields[0] - 1)], as: UTF8.self)),
      (1...maximumSequence).contains(sequence),
      let length = Int(String(decoding: bytes[fields[0]..<(fields[1] - 1)], as: UTF8.self)),
      let stored = UInt32(
        String(decoding: bytes[fields[1]..<(fields[2] - 1)], as: UTF8.self), radix: 16)
    else {
      return .damaged(
        reason: "the record's header is not `<sequence> <length> <checksum>`", next: next)
    }
    let payload = fields[2]..<newline
    guard payload.count == length else {
      return .damaged(
        reason: "the record is \(payload.count) bytes long, not \(length)", next: next)
    }
    guard checksum(sequence: sequence, payload: bytes[payload]) == stored else {
      return .damaged(reason: "the record fails its checksum", next: next)
    }
    return .record(sequence: sequence, payload: payload, end: next)
  }

  /// The last bytes of a journal, which have no end of line: torn by a crash if they are
  /// shorter than their header announces, else a complete record whose end of line was
  /// damaged. The zeros reserved after them are not part of them.
  private static func parseUnterminated(_ bytes: [UInt8], at start: Int) -> Parsed {
    let end = contentEnd(bytes, from: start)
    var spaces: [Int] = []
    var position = start
    while spaces.count < 3, position < end {
      if bytes[position] == UInt8(ascii: " ") { spaces.append(position) }
      position += 1
    }
    if spaces.count == 3,
      let length = Int(String(decoding: bytes[(spaces[0] + 1)..<spaces[1]], as: UTF8.self)),
      length >= 0, end - (spaces[2] + 1) > length
    {
      return .damaged(reason: "the record's end of line is damaged", next: nil)
    }
    return .torn(reason: "the record has no end of line")
  }

  /// The CRC-32C of `"<sequence> <payload>"`, the one definition the writer and the parser
  /// share.
  private static func checksum(sequence: Int, payload: ArraySlice<UInt8>) -> UInt32 {
    CRC32C.checksum(payload, continuing: CRC32C.checksum(Array("\(sequence) ".utf8)))
  }
}
