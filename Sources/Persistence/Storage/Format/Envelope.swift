// The JSON object around a store's items; refuses an unexpected version before reading items.

import Foundation

/// Thrown by ``Envelope`` when the file's version is not the one expected.
struct VersionMismatch: Error {
  let found: Int
}

/// `{"version": N, "checksum": "...", "items": [...]}`, decoded in one pass; expects the
/// version in ``StoreFormat/expectedVersion``.
struct Envelope<Item: Decodable>: Decodable {
  let items: [Item]
  /// The last journal record folded into the items; absent (0) in files without a journal.
  let sequence: Int

  private enum CodingKeys: String, CodingKey { case version, items, sequence }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let version = try container.decode(Int.self, forKey: .version)
    guard version >= 1 else {
      throw DecodingError.dataCorruptedError(
        forKey: .version, in: container,
        debugDescription: "an envelope's version starts at 1, found \(version)")
    }
    guard version == StoreFormat.expectedVersion else { throw VersionMismatch(found: version) }
    items = try container.decode([Item].self, forKey: .items)
    sequence = try container.decodeIfPresent(Int.self, forKey: .sequence) ?? 0
  }
}
