// A short fingerprint of a version of an item, the same in every process and on every run.

import Foundation

/// A 64-bit FNV-1a digest of a record's fields in canonical JSON (sorted keys), or of "deleted".
///
/// Swift's `Hasher` is seeded anew in every process, so it cannot be stored; this digest can.
/// A synced store keeps the digests of the pending versions a later local edit replaced
/// (``PendingChange/earlierVersions``): any of them may have reached the server in a round
/// whose answer was lost with the process, and the server's version is then recognised as
/// this device's own, not as an edit conflict.
public enum FieldsDigest {
  /// The digest of `fields`, or of a delete when `nil`.
  public static func of(_ fields: [String: JSONValue]?) -> UInt64 {
    guard let fields else { return 0 }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let bytes = (try? encoder.encode(JSONValue.object(fields))) ?? Data()
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    // 0 stands for a delete.
    return hash == 0 ? 1 : hash
  }

  /// The digest of the fields `item` is sent with (its encoding without `id`, as
  /// ``SyncCodec`` makes them), or of a delete when `nil`.
  static func of<Item: Encodable>(item: Item?) -> UInt64 {
    guard let item else { return of(nil) }
    let value = (try? JSONEncoder().encode(item)).flatMap {
      try? JSONDecoder().decode(JSONValue.self, from: $0)
    }
    var fields = value?.objectValue ?? [:]
    fields.removeValue(forKey: "id")
    return of(fields)
  }

  /// How many earlier versions a pending change remembers: the latest ones.
  static let rememberedVersions = 16
}
