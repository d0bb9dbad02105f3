// The JSON of one journal record: the change, tagged with the schema version of its items.

import Foundation

/// Encodes and decodes `{"version":N,"save":[...]}` and `{"version":N,"delete":[...]}`.
///
/// The version lets a newer program upgrade the records an older one left in the journal,
/// with the same ``StoreMigration`` steps as the snapshot.
enum JournalPayload {
  static func encode<Item: Codable & Identifiable>(
    _ change: StoreChange<Item>, version: Int
  ) throws -> [UInt8] where Item.ID: Codable {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var bytes = Array(#"{"version":\#(version),"#.utf8)
    switch change {
    case .save(let items):
      bytes += Array(#""save":"#.utf8) + (try encoder.encode(items))
    case .delete(let ids):
      bytes += Array(#""delete":"#.utf8) + (try encoder.encode(ids))
    }
    bytes.append(UInt8(ascii: "}"))
    return bytes
  }

  /// Decodes a payload, upgrading its items to the configured schema version.
  static func decode<Item: Codable & Identifiable>(
    _ payload: [UInt8], as type: Item.Type, configuration: StoreConfiguration, file: URL,
    at offset: Int64
  ) throws(PersistenceError) -> StoreChange<Item> where Item.ID: Codable {
    func corrupt(_ reason: String) -> PersistenceError {
      .corrupt(file, reason: "the record at byte \(offset): \(reason)")
    }
    let data = Data(payload)
    guard let version = leadingVersion(of: payload) else {
      throw corrupt("its change does not start with a version")
    }
    guard version <= configuration.schemaVersion else {
      throw .unsupportedVersion(file, version: version, newest: configuration.schemaVersion)
    }
    do {
      if version == configuration.schemaVersion {
        return try JSONDecoder().decode(StoreChange<Item>.self, from: data)
      }
      let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
      if let saved = object?["save"] as? [Any] {
        let items = try StoreFormat.migrate(
          JSONSerialization.data(withJSONObject: saved), from: version, as: Item.self,
          configuration: configuration)
        return .save(items)
      }
      let ids = try JSONSerialization.data(withJSONObject: object?["delete"] as? [Any] ?? [])
      return .delete(try JSONDecoder().decode([Item.ID].self, from: ids))
    } catch let failure as StoreFormat.Failure {
      guard case .migrationFailed(let from, let reason) = failure else {
        throw corrupt("\(failure)")
      }
      throw .migrationFailed(file, fromVersion: from, reason: reason)
    } catch let error as DecodingError {
      throw corrupt(DecodingErrorDescription.describe(error) ?? "it is not valid JSON")
    } catch {
      throw corrupt(String(describing: error))
    }
  }

  /// `N` from a payload starting `{"version":N,`.
  private static func leadingVersion(of payload: [UInt8]) -> Int? {
    let prefix = Array(#"{"version":"#.utf8)
    guard payload.starts(with: prefix) else { return nil }
    let digits = payload.dropFirst(prefix.count).prefix { (48...57).contains($0) }
    return Int(String(decoding: digits, as: UTF8.self))
  }
}
