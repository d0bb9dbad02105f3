// One change to a store, as the journal records it and as the cache applies it.

/// A batch of saves or of deletions, applied as a unit.
///
/// In the journal it is one JSON object: `{"save":[<item>,...]}` or `{"delete":[<id>,...]}`,
/// which ``JournalPayload`` writes by hand (with the schema version first) and decodes
/// through this type.
enum StoreChange<Item: Codable & Identifiable>: Decodable where Item.ID: Codable {
  /// Insert or replace these items, in order.
  case save([Item])
  /// Remove the items with these IDs.
  case delete([Item.ID])

  private enum CodingKeys: String, CodingKey { case save, delete }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let items = try container.decodeIfPresent([Item].self, forKey: .save) {
      self = .save(items)
    } else if let ids = try container.decodeIfPresent([Item.ID].self, forKey: .delete) {
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
    }
  }

  /// Whether applying the change to `cache` would change it: a save always does, a delete
  /// only when one of its IDs is there.
  func changesAnything(in cache: OrderedCache<Item.ID, Item>) -> Bool {
    switch self {
    case .save(let items): !items.isEmpty
    case .delete(let ids): ids.contains { cache[$0] != nil }
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
    }
  }
}

extension StoreChange: Sendable where Item: Sendable, Item.ID: Sendable {}
