// The file formats questions are imported from and exported to, and how a file's format is told.

/// A file format for moving questions in and out of the bank.
public enum InterchangeFormat: String, CaseIterable, Sendable {
  /// A JSON array of questions in their on-disk shape, or a copied store file.
  case json
  /// RFC 4180 comma-separated values with a header line such as `prompt,answer,tags`.
  case csv

  /// The format a file name's extension names, ignoring case: `.json` or `.csv`.
  ///
  /// - Parameter path: A file name or path.
  /// - Returns: `nil` when the extension is neither.
  public init?(pathExtensionOf path: String) {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    self.init(rawValue: name[name.index(after: dot)...].lowercased())
  }

  /// The format of a file's contents: JSON when its first byte that is not white space (after
  /// an optional UTF-8 byte order mark) is `[` or `{`, CSV otherwise.
  ///
  /// - Parameter bytes: The file's contents.
  public static func sniff(_ bytes: some Collection<UInt8>) -> InterchangeFormat {
    let first = firstSignificantByte(of: bytes)
    return first == UInt8(ascii: "[") || first == UInt8(ascii: "{") ? .json : .csv
  }

  /// The first byte that is not white space, after an optional byte order mark.
  static func firstSignificantByte(of bytes: some Collection<UInt8>) -> UInt8? {
    var rest = bytes[...]
    if rest.starts(with: utf8ByteOrderMark) { rest = rest.dropFirst(utf8ByteOrderMark.count) }
    return rest.first { !asciiWhiteSpace.contains($0) }
  }

  /// `EF BB BF`, which some editors put at the start of a UTF-8 file.
  static let utf8ByteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// Space, tab, line feed and carriage return.
  static let asciiWhiteSpace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
}
