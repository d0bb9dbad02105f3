// Reads RFC 4180 CSV: quoted fields, "" escapes, line breaks inside quotes, CRLF or LF, a BOM.

/// Splits CSV bytes into records, keeping the line each record starts on.
///
/// It follows RFC 4180: fields are separated by commas and records by CRLF or LF; a field in
/// double quotes may hold commas, line breaks and quotes written `""`. A UTF-8 byte order mark
/// at the start is skipped, and so are empty lines, since no record of a question file can
/// be empty. A carriage return that is not followed by a line feed is part of the field.
/// A record that breaks the rules comes back with a ``CSVRecord/problem``, and reading goes
/// on with the next record, so every bad record can be reported:
///
/// - a quote that is never closed (the record then runs to the end of the file);
/// - text after a closing quote, as in `"a"b`;
/// - a quote inside a field that is not quoted, as in `a"b`;
/// - bytes that are not UTF-8.
public struct CSVReader: Sequence, IteratorProtocol {
  private let bytes: [UInt8]
  /// The offset of the first byte not yet read.
  public private(set) var offset: Int
  private var line = 1

  /// A reader over the whole contents of a file.
  public init(_ bytes: [UInt8]) {
    self.bytes = bytes
    offset = bytes.starts(with: InterchangeFormat.utf8ByteOrderMark) ? 3 : 0
  }

  /// How many bytes the reader was given.
  public var byteCount: Int { bytes.count }

  /// The next record, or `nil` at the end of the file.
  public mutating func next() -> CSVRecord? {
    let (offset, line) = (self.offset, self.line)
    let (record, end) = bytes.withUnsafeBufferPointer { buffer in
      var cursor = CSVCursor(bytes: buffer, index: offset, line: line)
      return (cursor.nextRecord(), (cursor.index, cursor.line))
    }
    (self.offset, self.line) = end
    return record
  }
}

/// A position in CSV bytes, moved forward one field at a time.
private struct CSVCursor {
  let bytes: UnsafeBufferPointer<UInt8>
  var index: Int
  var line: Int
  /// The first problem of the record being read.
  private var problem: String?

  init(bytes: UnsafeBufferPointer<UInt8>, index: Int, line: Int) {
    self.bytes = bytes
    self.index = index
    self.line = line
  }

  static let comma = UInt8(ascii: ",")
  static let quote = UInt8(ascii: "\"")
  static let lineFeed = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")

  /// The record after any empty lines, or `nil` at the end; leaves the cursor after it.
  mutating func nextRecord() -> CSVRecord? {
    while let length = lineBreakLength(at: index) {
      index += length
      line += 1
    }
    guard index < bytes.count else { return nil }
    let start = line
    var fields: [String] = []
    problem = nil
    while true {
      let number = fields.count + 1
      let text =
        if bytes[index] == Self.quote {
          String(strictUTF8: quotedField(number))
        } else {
          String(strictUTF8: plainField(number))
        }
      if let text {
        fields.append(text)
      } else {
        note("field \(number) is not valid UTF-8")
        fields.append("")
      }
      if index < bytes.count, bytes[index] == Self.comma {
        index += 1
        continue
      }
      if isFinalCarriageReturn(at: index) { index += 1 }
      if let length = lineBreakLength(at: index) {
        index += length
        line += 1
      }
      return CSVRecord(line: start, fields: fields, problem: problem)
    }
  }

  /// A field in quotes, without them and with `""` as `"`; the cursor stops after it.
  private mutating func quotedField(_ number: Int) -> [UInt8] {
    var field: [UInt8] = []
    index += 1
    var segment = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == Self.lineFeed { line += 1 }
      guard byte == Self.quote else {
        index += 1
        continue
      }
      field.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segment..<index]))
      index += 1
      guard index < bytes.count, bytes[index] == Self.quote else {
        if !endsField(at: index) {
          note(
            "field \(number) has text after its closing quote; write a quote inside a quoted"
              + " field as \"\"")
          let extra = index
          while index < bytes.count, bytes[index] != Self.comma, bytes[index] != Self.lineFeed {
            index += 1
          }
          field.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[extra..<index]))
        }
        return field
      }
      field.append(Self.quote)
      index += 1
      segment = index
    }
    field.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segment..<index]))
    note(
      "field \(number) opens a quote that is never closed, so the record runs to the end of"
        + " the file")
    return field
  }

  /// A field without quotes, up to the next comma or line break; the cursor stops there.
  private mutating func plainField(_ number: Int) -> UnsafeBufferPointer<UInt8> {
    let first = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == Self.comma || byte == Self.lineFeed { break }
      if byte == Self.quote {
        note(
          "field \(number) holds a quote but does not start with one; put the field in quotes"
            + " and write each quote inside it as \"\"")
      }
      index += 1
    }
    var end = index
    if end > first, bytes[end - 1] == Self.carriageReturn,
      index == bytes.count || bytes[index] == Self.lineFeed
    {
      end -= 1  // The CR of a CRLF, or a CR that ends the file.
    }
    return UnsafeBufferPointer(rebasing: bytes[first..<end])
  }

  private mutating func note(_ problem: String) {
    if self.problem == nil { self.problem = problem }
  }

  /// Whether a field may end at `index`: the end, a comma or a line break.
  private func endsField(at index: Int) -> Bool {
    index == bytes.count || bytes[index] == Self.comma || lineBreakLength(at: index) != nil
      || isFinalCarriageReturn(at: index)
  }

  /// 1 for LF, 2 for CRLF, `nil` when no line break starts at `index`.
  private func lineBreakLength(at index: Int) -> Int? {
    guard index < bytes.count else { return nil }
    if bytes[index] == Self.lineFeed { return 1 }
    if bytes[index] == Self.carriageReturn, index + 1 < bytes.count,
      bytes[index + 1] == Self.lineFeed
    {
      return 2
    }
    return nil
  }

  /// Whether `index` is a carriage return that ends the file, taken as a line break.
  private func isFinalCarriageReturn(at index: Int) -> Bool {
    index == bytes.count - 1 && bytes[index] == Self.carriageReturn
  }
}
