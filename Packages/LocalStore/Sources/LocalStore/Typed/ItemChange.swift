// One change to a typed store: the payload of a journal record, decoded, and how the cache applies it.

import Foundation

/// A batch of saves or of deletions, or both, applied as a unit: `{"version":N,"save":[...]}`,
/// `{"version":N,"delete":[...]}` or `{"version":N,"delete":[...],"save":[...]}` as a journal
/// record's payload (the last only from a synced store, whose one step may save some items
/// and remove others). The version is the schema
/// version of the items, so that a newer program upgrades the records an older one left, with
/// the same ``StoreMigration`` steps as the snapshot.
///
/// The typed layer's half of a record: the engine (``StoreEngine``) stores and hands back
/// payloads as bytes and never decodes one.
enum ItemChange<Item: Codable & Identifiable>: Decodable where Item.ID: Codable {
  /// Insert or replace these items, in order.
  case save([Item])
  /// Remove the items with these IDs.
  case delete([Item.ID])
  /// Remove the items with the IDs `delete`, then insert or replace `save`, in order (an ID
  /// in both moves its item to the end).
  case saveAndDelete(save: [Item], delete: [Item.ID])

  private enum CodingKeys: String, CodingKey { case save, delete }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let items = try container.decodeIfPresent([Item].self, forKey: .save)
    let deleted = try container.decodeIfPresent([Item.ID].self, forKey: .delete)
    if let items, let deleted {
      self = .saveAndDelete(save: items, delete: deleted)
    } else if let items {
      self = .save(items)
    } else if let ids = deleted {
      self = .delete(ids)
    } else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: [], debugDescription: "a change has neither \"save\" nor \"delete\""))
    }
  }

  /// The IDs of the items the change saves or deletes.
  var ids: [Item.ID] {
    switch self {
    case .save(let items): items.map(\.id)
    case .delete(let ids): ids
    case .saveAndDelete(let items, let ids): items.map(\.id) + ids
    }
  }

  /// Whether applying the change to `cache` would change it: a save always does, a delete
  /// only when one of its IDs is there.
  func changesAnything(in cache: OrderedCache<Item.ID, Item>) -> Bool {
    switch self {
    case .save(let items): !items.isEmpty
    case .delete(let ids): ids.contains { cache[$0] != nil }
    case .saveAndDelete(let items, let ids): !items.isEmpty || ids.contains { cache[$0] != nil }
    }
  }

  /// Applies the change to `cache`.
  func apply(to cache: inout OrderedCache<Item.ID, Item>) {
    switch self {
    case .save(let items):
      // A first import fills an empty cache: one allocation instead of a dozen regrowths.
      if cache.isEmpty { cache.reserveCapacity(items.count) }
      for item in items { cache.update(item, forKey: item.id) }
    case .delete(let ids):
      for id in ids { cache.removeValue(forKey: id) }
    case .saveAndDelete(let items, let ids):
      ItemChange.delete(ids).apply(to: &cache)
      ItemChange.save(items).apply(to: &cache)
    }
  }

  /// The payload of a record of this change, at schema version `version`.
  func encoded(version: Int) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var bytes = Array(#"{"version":\#(version),"#.utf8)
    switch self {
    case .save(let items): bytes += Array(#""save":"#.utf8) + (try encoder.encode(items))
    case .delete(let ids): bytes += Array(#""delete":"#.utf8) + (try encoder.encode(ids))
    case .saveAndDelete(let items, let ids):
      bytes += Array(#""delete":"#.utf8) + (try encoder.encode(ids))
      bytes += Array(#","save":"#.utf8) + (try encoder.encode(items))
    }
    bytes.append(UInt8(ascii: "}"))
    return bytes
  }

  /// Decodes a payload, upgrading its items to the configured schema version.
  init(
    payload: ArraySlice<UInt8>, configuration: StoreConfiguration, file: URL, at offset: Int64
  ) throws(PersistenceError) {
    func corrupt(_ reason: String) -> PersistenceError {
      .corrupt(file, reason: "the record at byte \(offset): \(reason)")
    }
    let prefix = Array(#"{"version":"#.utf8)
    let digits = payload.dropFirst(prefix.count).prefix { (48...57).contains($0) }
    guard payload.starts(with: prefix), let version = Int(String(decoding: digits, as: UTF8.self))
    else { throw corrupt("its change does not start with a version") }
    guard version <= configuration.schemaVersion else {
      throw .unsupportedVersion(file, version: version, newest: configuration.schemaVersion)
    }
    let data = Data(payload)
    do {
      if version == configuration.schemaVersion {
        self = try JSONDecoder().decode(Self.self, from: data)
        return
      }
      let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
      let deleted = try (object?["delete"] as? [Any]).map {
        try JSONDecoder().decode(
          [Item.ID].self, from: JSONSerialization.data(withJSONObject: $0))
      }
      if let saved = object?["save"] as? [Any] {
        let items = try StoreFormat.migrate(
          JSONSerialization.data(withJSONObject: saved), from: version, as: Item.self,
          configuration: configuration)
        self = deleted.map { .saveAndDelete(save: items, delete: $0) } ?? .save(items)
        return
      }
      self = .delete(deleted ?? [])
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
}

extension ItemChange: Sendable where Item: Sendable, Item.ID: Sendable {}
