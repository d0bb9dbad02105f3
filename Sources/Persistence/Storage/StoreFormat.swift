// The on-disk format of a store: a versioned envelope of items, one item per line.

import Foundation

/// Encodes and decodes the bytes of a store file.
///
/// The current format (version 1) is a JSON object with the items one per line, so the file
/// stays readable and diffs well:
///
/// ```json
/// {"version":1,"items":[
/// {"answer":"...","createdAt":"2026-11-22T07:54:15Z","id":"...","prompt":"...","tags":[]}
/// ]}
/// ```
///
/// A plain JSON array of items, the format of the pattern this package grew from, is read as
/// version 0 and is written back in the current format on the next save.
enum StoreFormat {
  /// The newest format version this code reads and the one it writes.
  static let currentVersion = 1

  /// Encodes `items` in the current format.
  static func encode<Item: Encodable>(_ items: some Sequence<Item>) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var bytes = Array(#"{"version":\#(currentVersion),"items":["#.utf8)
    var first = true
    for item in items {
      bytes.append(contentsOf: first ? [UInt8(ascii: "\n")] : Array(",\n".utf8))
      bytes.append(contentsOf: try encoder.encode(item))
      first = false
    }
    bytes.append(contentsOf: Array("\n]}\n".utf8))
    return bytes
  }

  /// Decodes the items of a store file of any supported version.
  ///
  /// - Throws: ``Failure`` saying what is wrong and where.
  static func decode<Item: Decodable>(_ data: Data, as type: Item.Type) throws(Failure) -> [Item] {
    if let offset = UTF8Validation.firstInvalidOffset(in: data) {
      throw .malformed("invalid UTF-8 at byte \(offset)")
    }
    let decoder = JSONDecoder()
    do {
      switch firstSignificantByte(of: data) {
      case UInt8(ascii: "["):
        return try decoder.decode([Item].self, from: data)
      case UInt8(ascii: "{"):
        return try decoder.decode(Envelope<Item>.self, from: data).items
      case nil:
        throw Failure.malformed("the file is empty or holds only white space")
      case .some:
        throw Failure.malformed(
          syntaxErrorLocation(in: data) ?? "the top level is not a JSON object or array")
      }
    } catch let error as Failure {
      throw error
    } catch let error as DecodingError {
      throw .malformed(describe(error, in: data))
    } catch {
      throw .malformed(String(describing: error))
    }
  }

  /// Why a file could not be decoded.
  enum Failure: Error, Sendable, Equatable {
    /// Not JSON, or not the shape of a store; the text says what and where.
    case malformed(String)
    /// A well-formed envelope from a newer format version.
    case newerVersion(Int)
  }

  /// The envelope of version 1 and later; refuses versions it does not know before reading items.
  private struct Envelope<Element: Decodable>: Decodable {
    let items: [Element]

    private enum CodingKeys: String, CodingKey { case version, items }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let version = try container.decode(Int.self, forKey: .version)
      guard version <= StoreFormat.currentVersion else { throw Failure.newerVersion(version) }
      guard version >= 1 else {
        throw DecodingError.dataCorruptedError(
          forKey: .version, in: container,
          debugDescription: "version \(version) is not a valid envelope version")
      }
      items = try container.decode([Element].self, forKey: .items)
    }
  }

  private static func firstSignificantByte(of data: Data) -> UInt8? {
    var bytes = data[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    return bytes.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }
  }

  /// A description of a decoding error with its key path, such as `items[3].prompt`.
  private static func describe(_ error: DecodingError, in data: Data) -> String {
    let (context, summary): (DecodingError.Context, String) =
      switch error {
      case .dataCorrupted(let context): (context, context.debugDescription)
      case .keyNotFound(let key, let context):
        (context, "the key \"\(key.stringValue)\" is missing")
      case .typeMismatch(_, let context): (context, context.debugDescription)
      case .valueNotFound(_, let context): (context, context.debugDescription)
      @unknown default: (DecodingError.Context(codingPath: [], debugDescription: ""), "\(error)")
      }
    if context.codingPath.isEmpty, case .dataCorrupted = error,
      let location = syntaxErrorLocation(in: data)
    {
      return location
    }
    if context.codingPath.isEmpty { return "at the top level: \(summary)" }
    return "at \(keyPath(context.codingPath)): \(summary)"
  }

  /// `items[3].tags[0]`.
  private static func keyPath(_ path: [any CodingKey]) -> String {
    path.enumerated().map { index, key in
      if let position = key.intValue { return "[\(position)]" }
      return index == 0 ? key.stringValue : "." + key.stringValue
    }.joined()
  }

  /// Where the JSON syntax breaks, found by Foundation's parser, which reports byte positions.
  private static func syntaxErrorLocation(in data: Data) -> String? {
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      return nil
    } catch {
      let detail =
        (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
        ?? error.localizedDescription
      return
        "not valid JSON (\(detail.trimmingCharacters(in: .punctuationCharacters)), file size \(data.count) bytes)"
    }
  }
}
