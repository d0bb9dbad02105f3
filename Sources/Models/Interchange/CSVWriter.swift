// Writes RFC 4180 CSV records, quoting only the fields that need it.

/// Builds the bytes of a CSV file one record at a time.
///
/// A field is put in double quotes when it holds a comma, a quote, a line feed or a carriage
/// return, and a quote inside it is written `""`; other fields are written as they are.
/// Records end with LF, which Unix tools expect; ``CSVReader`` accepts LF and CRLF alike.
public struct CSVWriter {
  /// The file so far.
  public private(set) var bytes: [UInt8] = []

  /// An empty file.
  public init() {}

  /// Appends one record.
  public mutating func write(_ fields: [String]) {
    for (index, field) in fields.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      Self.append(field, to: &bytes)
    }
    bytes.append(UInt8(ascii: "\n"))
  }

  /// `field` as it appears in a file: quoted when it has to be.
  public static func quoted(_ field: String) -> String {
    var bytes: [UInt8] = []
    append(field, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func append(_ field: String, to bytes: inout [UInt8]) {
    var field = field
    field.withUTF8 { utf8 in
      var needsQuotes = false
      for byte in utf8
      where byte == comma || byte == quote || byte == lineFeed || byte == carriageReturn {
        needsQuotes = true
        break
      }
      guard needsQuotes else {
        bytes.append(contentsOf: utf8)
        return
      }
      bytes.append(quote)
      for byte in utf8 {
        if byte == quote { bytes.append(quote) }
        bytes.append(byte)
      }
      bytes.append(quote)
    }
  }

  private static let comma = UInt8(ascii: ",")
  private static let quote = UInt8(ascii: "\"")
  private static let lineFeed = UInt8(ascii: "\n")
  private static let carriageReturn = UInt8(ascii: "\r")
}
