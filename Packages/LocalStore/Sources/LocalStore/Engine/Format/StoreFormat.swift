// The on-disk format of a store: a versioned, checksummed envelope of items, one per line.

import Dispatch
import Foundation

/// Encodes and decodes the bytes of a store file.
///
/// A store is a JSON object whose first line holds the schema version and a CRC-32C of
/// everything after that line, followed by the items one per line, so the file stays
/// readable and diffs well:
///
/// ```json
/// {"version":1,"checksum":"crc32c:8f3e2a01","items":[
/// {"answer":"...","createdAt":"2026-11-22T07:54:15Z","id":"...","prompt":"...","tags":[]}
/// ]}
/// ```
///
/// The checksum catches damage that still parses, such as a flipped bit inside a string.
/// Someone who edits the file by hand removes the `checksum` key, and the file is then read
/// without that check. A plain JSON array of items, the format of the pattern this package
/// grew from, is read as version 0.
enum StoreFormat {
  /// Why a file could not be decoded.
  enum Failure: Error, Sendable, Equatable {
    /// Not JSON, or not the shape of a store; the text says what and where.
    case malformed(String)
    /// A well-formed store at a schema version newer than the configured one.
    case newerVersion(Int)
    /// Upgrading from the given version failed, or no step was registered for it.
    case migrationFailed(fromVersion: Int, reason: String)
  }

  /// What a store file holds: its items and the last journal sequence they include.
  struct Decoded<Item> {
    var items: [Item]
    /// The sequence number of the last journal record folded into the items; 0 for none.
    var sequence: Int
    /// The schema version the file was written at, before any migration; 0 for a plain array.
    var version: Int
  }

  /// Encodes `items` at schema version `version`, with the journal sequence they include.
  ///
  /// One item per line, and one CRC-32C per item line in the header's `lines`, so that
  /// `salvage` can tell which line a damaged byte is in even when the line still parses.
  /// Large stores are encoded in parts, one per core, and the parts joined in order:
  /// encoding is most of what a snapshot rewrite costs.
  static func encode<Item: Encodable & Sendable>(
    _ items: [Item], version: Int, sequence: Int
  ) throws -> [UInt8] {
    let parts = min(ProcessInfo.processInfo.activeProcessorCount, items.count / 5_000 + 1)
    var body: [UInt8] = []
    var lineChecksums: [UInt8] = []
    if parts <= 1 {
      (body, lineChecksums) = try encodeLines(items[...])
    } else {
      let results = LockedState<[Result<EncodedLines, any Error>?]>(
        Array(repeating: nil, count: parts))
      DispatchQueue.concurrentPerform(iterations: parts) { part in
        let first = items.count * part / parts
        let end = items.count * (part + 1) / parts
        let encoded = Result { try encodeLines(items[first..<end]) }
        results.withLock { $0[part] = encoded }
      }
      for result in results.withLock({ $0 }) {
        guard let result else { continue }
        let (lines, checksums) = try result.get()
        if !lines.isEmpty && !body.isEmpty { body.append(contentsOf: ",\n".utf8) }
        body.append(contentsOf: lines)
        lineChecksums.append(contentsOf: checksums)
      }
    }
    body.append(contentsOf: (items.isEmpty ? "]" : "\n]").utf8)
    body.append(contentsOf: #","sequence":\#(sequence)}"#.utf8)
    body.append(UInt8(ascii: "\n"))
    let checksum = hex(CRC32C.checksum(body))
    return Array(#"{"version":\#(version),"checksum":"crc32c:\#(checksum)","lines":"crc32c:"#.utf8)
      + lineChecksums + Array(#"","items":["#.utf8) + [UInt8(ascii: "\n")] + body
  }

  /// One part of a snapshot's body: the item lines, separated by `,\n` with no trailing
  /// separator, and the hex CRC-32C of each line, in the same order.
  private typealias EncodedLines = (lines: [UInt8], checksums: [UInt8])

  /// Encodes `items` as one part of a snapshot's body.
  private static func encodeLines<Item: Encodable>(
    _ items: ArraySlice<Item>
  ) throws -> EncodedLines {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var body: [UInt8] = []
    var lineChecksums: [UInt8] = []
    var first = true
    for item in items {
      if !first { body.append(contentsOf: ",\n".utf8) }
      let encoded = try encoder.encode(item)
      body.append(contentsOf: encoded)
      lineChecksums.append(contentsOf: hex(CRC32C.checksum(encoded)).utf8)
      first = false
    }
    return (body, lineChecksums)
  }

  /// Decodes the items of a store, upgrading them to `configuration.schemaVersion`.
  static func decode<Item: Decodable & Sendable>(
    _ data: Data, as type: Item.Type, configuration: StoreConfiguration
  ) throws(Failure) -> Decoded<Item> {
    if let offset = UTF8Validation.firstInvalidOffset(in: data) {
      throw .malformed("invalid UTF-8 at byte \(offset)")
    }
    try verifyChecksum(of: data)
    let target = configuration.schemaVersion
    do {
      switch firstSignificantByte(of: data) {
      case UInt8(ascii: "["):
        if target == 1, !configuration.migrations.contains(where: { $0.sourceVersion == 0 }) {
          return Decoded(
            items: try JSONDecoder().decode([Item].self, from: data), sequence: 0, version: 0)
        }
        let items = try migrate(data, from: 0, as: Item.self, configuration: configuration)
        return Decoded(items: items, sequence: 0, version: 0)
      case UInt8(ascii: "{"):
        do {
          let decoder = JSONDecoder()
          decoder.userInfo[.expectedSchemaVersion] = target
          let envelope = try decoder.decode(Envelope<Item>.self, from: data)
          return Decoded(items: envelope.items, sequence: envelope.sequence, version: target)
        } catch let mismatch as VersionMismatch where mismatch.found < target {
          let (items, sequence) = try itemsArray(of: data)
          let migrated = try migrate(
            items, from: mismatch.found, as: Item.self, configuration: configuration)
          return Decoded(items: migrated, sequence: sequence, version: mismatch.found)
        } catch let mismatch as VersionMismatch {
          throw Failure.newerVersion(mismatch.found)
        }
      case nil:
        throw Failure.malformed("the file is empty or holds only white space")
      case .some:
        throw Failure.malformed(
          syntaxErrorLocation(in: data) ?? "the top level is not a JSON object or array")
      }
    } catch let error as Failure {
      throw error
    } catch let error as DecodingError {
      throw .malformed(
        DecodingErrorDescription.describe(error) ?? syntaxErrorLocation(in: data) ?? "\(error)")
    } catch {
      throw .malformed(String(describing: error))
    }
  }

  /// Runs the registered steps from `version` up to the configured version, then decodes.
  static func migrate<Item: Decodable>(
    _ items: Data, from version: Int, as type: Item.Type, configuration: StoreConfiguration
  ) throws(Failure) -> [Item] {
    var items = items
    for source in version..<configuration.schemaVersion {
      let step = configuration.migrations.first { $0.sourceVersion == source }
      if step == nil && source == 0 { continue }  // Version 0 items are version 1 items.
      guard let step else {
        throw .migrationFailed(fromVersion: source, reason: "no migration is registered from it")
      }
      do {
        items = try step.upgrade(items)
      } catch {
        throw .migrationFailed(fromVersion: source, reason: String(describing: error))
      }
    }
    do {
      return try JSONDecoder().decode([Item].self, from: items)
    } catch let error as DecodingError {
      throw .migrationFailed(
        fromVersion: version,
        reason:
          "the migrated items do not decode: \(DecodingErrorDescription.describe(error) ?? "\(error)")"
      )
    } catch {
      throw .migrationFailed(fromVersion: version, reason: String(describing: error))
    }
  }

  /// The `items` array of an envelope, as JSON bytes, and its journal sequence.
  private static func itemsArray(of data: Data) throws -> (Data, Int) {
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    guard let items = object?["items"] as? [Any] else {
      throw Failure.malformed("the key \"items\" is missing or is not an array")
    }
    let sequence = (object?["sequence"] as? NSNumber)?.intValue ?? 0
    return (try JSONSerialization.data(withJSONObject: items), sequence)
  }

  /// Checks the CRC-32C in the first line, if there is one, against the rest of the file.
  static func verifyChecksum(of data: Data) throws(Failure) {
    guard let newline = data.firstIndex(of: UInt8(ascii: "\n")) else { return }
    let header = String(decoding: data[..<newline], as: UTF8.self)
    guard header.hasPrefix("{"), let range = header.range(of: #""checksum":"crc32c:"#) else {
      return
    }
    // The writer always ends the file with `}` and a line break: without them it was cut
    // short, which is worth saying as such rather than as a checksum mismatch.
    guard data.last == UInt8(ascii: "\n"), data.dropLast().last == UInt8(ascii: "}") else {
      throw .malformed(
        "the file is truncated: it ends at byte \(data.count) without its last line"
          + " (a copy cut short, or a disk that filled up)")
    }
    let stored = header[range.upperBound...].prefix(8)
    let actual = hex(CRC32C.checksum(data[data.index(after: newline)...]))
    guard stored == actual else {
      throw .malformed(
        "its checksum does not match its contents (stored \(stored), computed \(actual)),"
          + " so it was damaged or edited; if you edited it on purpose, delete the"
          + " \"checksum\" key from the first line")
    }
  }

  static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }

  private static func firstSignificantByte(of data: Data) -> UInt8? {
    var bytes = data[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    return bytes.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }
  }

  /// Where the JSON syntax breaks, found by Foundation's parser, which reports byte positions.
  static func syntaxErrorLocation(in data: Data) -> String? {
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      return nil
    } catch {
      let detail =
        (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
        ?? error.localizedDescription
      let trimmed = detail.trimmingCharacters(in: .punctuationCharacters)
      return "not valid JSON (\(trimmed); the file is \(data.count) bytes)"
    }
  }
}
