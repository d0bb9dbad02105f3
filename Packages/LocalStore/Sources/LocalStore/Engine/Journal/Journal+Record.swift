// The framing of one journal record: a text line with its number, length, sync mark and checksum.

extension Journal {
  /// One line of a journal: `<sequence> <length> <synced> <crc32c> <payload>\n`.
  ///
  /// The payload is one line of JSON, the change itself (``ItemChange``). The length and the
  /// CRC-32C (of the payload followed by `" <sequence> <synced>"`) tell a damaged or torn
  /// record from an intact one. `synced` is how many bytes of the journal were known durable
  /// when the record was written: a record damaged below a later record's `synced` had been
  /// synced, so it did not tear in a power cut but was damaged afterwards, which is an error.
  /// Records are text, so `cat notes.json.journal` shows what happened.
  ///
  /// Journals written before the sync mark existed hold `<sequence> <length> <crc32c>
  /// <payload>\n` (the CRC-32C of `"<sequence> <payload>"`); they are read as they are, and
  /// new records are appended in the current form.
  enum Record {
    /// What the parser found at one position of a journal.
    enum Parsed: Equatable {
      /// A whole, intact record: its number, the journal length it says was durable when it
      /// was written (`nil` for the older form, which does not say), where its payload is,
      /// and the offset just past its newline.
      case record(sequence: Int, synced: Int64?, payload: Range<Int>, end: Int)
      /// A complete record (its end of line is there, or as many bytes as its header
      /// announces) that fails its checks, and why; the offset of the next line, if any.
      case damaged(reason: String, next: Int?)
      /// The start of a record cut short: the bytes run to the end of the file without an
      /// end of line, and fewer of them than its header announces (if it has one).
      case torn(reason: String)
    }

    /// The largest sequence number a record or a snapshot may hold: 2^53, the largest
    /// integer every JSON reader keeps exactly. A larger number in a file is damage, and
    /// refusing it keeps `sequence + 1` from overflowing.
    static let maximumSequence = 1 << 53

    /// The sequence from which the next change renumbers the store from 0: 2^52. A store
    /// numbered at or above it (a file made by hand or by another program; no store gets
    /// there by saving) writes its items as a snapshot at its current number, then, once the
    /// journal is empty for certain, again numbered 0, so that it never wedges at the limit.
    static let renumberingSequence = 1 << 52

    /// The bytes of a record whose payload has the CRC-32C `payloadChecksum`.
    static func encode(
      sequence: Int, synced: Int64, payload: [UInt8], payloadChecksum: UInt32
    ) -> [UInt8] {
      let checksum = checksum(payloadChecksum, sequence: sequence, synced: synced)
      let header = "\(sequence) \(payload.count) \(synced) \(StoreFormat.hex(checksum)) "
      var record = Array(header.utf8)
      record.reserveCapacity(record.count + payload.count + 1)
      record += payload
      record.append(UInt8(ascii: "\n"))
      return record
    }

    /// Whether the bytes from `start` on are all zeros (or none): the space a journal
    /// reserves after its last record.
    static func isFreeSpace(_ bytes: [UInt8], from start: Int) -> Bool {
      start >= bytes.count || (bytes[start] == 0 && contentEnd(bytes, from: start) == start)
    }

    /// The offset of the first intact record that starts after `position` (the start of a
    /// damaged record): looked for at every line start and after every run of zeros, so that
    /// a record right after damage that swallowed its end of line is still found. `nil` when
    /// none does.
    static func nextIntactRecord(in bytes: [UInt8], after position: Int) -> Int? {
      var start = position + 1
      while start < bytes.count {
        let previous = bytes[start - 1]
        if previous == UInt8(ascii: "\n") || previous == 0, bytes[start] != 0,
          case .record = parse(bytes, at: start)
        {
          return start
        }
        start += 1
      }
      return nil
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
      let fields = headerFields(bytes, from: start, to: newline)
      guard fields.count == 3 || fields.count == 4,
        let sequence = Int(fields[0]), (1...maximumSequence).contains(sequence),
        let length = Int(fields[1]),
        let stored = UInt32(fields[fields.count - 1], radix: 16)
      else {
        return .damaged(reason: "the record's header is not `<sequence> <length> …`", next: next)
      }
      let payload = (start + fields.joined(separator: " ").utf8.count + 1)..<newline
      guard payload.count == length else {
        return .damaged(
          reason: "the record is \(payload.count) bytes long, not \(length)", next: next)
      }
      let body = bytes[payload]
      if fields.count == 3 {
        let sum = CRC32C.checksum(body, continuing: CRC32C.checksum(Array("\(sequence) ".utf8)))
        guard sum == stored else {
          return .damaged(reason: "the record fails its checksum", next: next)
        }
        return .record(sequence: sequence, synced: nil, payload: payload, end: next)
      }
      guard let synced = Int64(fields[2]), synced >= 0,
        checksum(CRC32C.checksum(body), sequence: sequence, synced: synced) == stored
      else {
        return .damaged(reason: "the record fails its checksum", next: next)
      }
      return .record(sequence: sequence, synced: synced, payload: payload, end: next)
    }

    /// The header fields of the line from `start` to `end`: the words before the payload,
    /// which is the first word that starts with `{`. At most four are looked at.
    private static func headerFields(_ bytes: [UInt8], from start: Int, to end: Int) -> [String] {
      var fields: [String] = []
      var position = start
      while fields.count < 5, position < end, bytes[position] != UInt8(ascii: "{") {
        let wordEnd = bytes[position..<end].firstIndex(of: UInt8(ascii: " ")) ?? end
        fields.append(String(decoding: bytes[position..<wordEnd], as: UTF8.self))
        position = wordEnd + 1
      }
      return position < end && bytes[position] == UInt8(ascii: "{") ? fields : []
    }

    /// The last bytes of a journal, which have no end of line: torn if they are shorter than
    /// their header announces, else a complete record whose end of line was damaged. The
    /// zeros reserved after them are not part of them.
    private static func parseUnterminated(_ bytes: [UInt8], at start: Int) -> Parsed {
      let end = contentEnd(bytes, from: start)
      let fields = headerFields(bytes, from: start, to: end)
      if fields.count >= 3, let length = Int(fields[1]), length >= 0,
        end - (start + fields.joined(separator: " ").utf8.count + 1) > length
      {
        return .damaged(reason: "the record's end of line is damaged", next: nil)
      }
      return .torn(reason: "the record has no end of line")
    }

    /// The checksum of a record in the current form: the payload's CRC-32C continued over
    /// `" <sequence> <synced>"`.
    private static func checksum(_ payload: UInt32, sequence: Int, synced: Int64) -> UInt32 {
      CRC32C.checksum(Array(" \(sequence) \(synced)".utf8), continuing: payload)
    }
  }
}
