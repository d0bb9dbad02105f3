// The JSON object around a store's items; refuses an unexpected version before reading items.

import Foundation

/// Thrown by ``Envelope`` when the file's version is not the one expected.
struct VersionMismatch: Error {
  let found: Int
}

/// `{"version": N, "checksum": "...", "items": [...]}`, decoded in one pass.
///
/// The decoder says which version to accept, in its `userInfo` under
/// `CodingUserInfoKey.expectedSchemaVersion`: the version is a parameter of one decode, so
/// it travels with the decoder rather than in state around it.
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
    guard let expected = decoder.userInfo[.expectedSchemaVersion] as? Int else {
      throw DecodingError.dataCorruptedError(
        forKey: .version, in: container,
        debugDescription: "the decoder was not told which schema version to expect")
    }
    guard version == expected else { throw VersionMismatch(found: version) }
    items = try container.decode([Item].self, forKey: .items)
    sequence = try container.decodeIfPresent(Int.self, forKey: .sequence) ?? 0
  }
}

extension CodingUserInfoKey {
  /// The schema version, an `Int`, that an ``Envelope`` must have to be decoded.
  // swift-format-ignore: NeverForceUnwrap
  // The initializer is failable in its signature only: it accepts every string.
  static let expectedSchemaVersion = CodingUserInfoKey(
    rawValue: "Persistence.expectedSchemaVersion")!
}
