// A copied store file, `{"version":1,"checksum":...,"items":[...]}`, read for its items.

/// The envelope of a store file, as the persistence layer writes it, opened for import.
///
/// Only version 1 is accepted; the checksum is not checked, since every item is checked on
/// its own, and the journal next to a store file is not read: copy a store only while
/// `questions` is not running, or better, export it.
struct JSONImportEnvelope: Decodable {
  /// The store's items.
  let items: JSONImportRows

  /// The store format version this import reads.
  static let supportedVersion = 1

  private enum CodingKeys: String, CodingKey { case version, items }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let version = try container.decode(Int.self, forKey: .version)
    guard version == Self.supportedVersion else {
      throw InterchangeError.malformedFile(
        line: nil,
        reason: "it is a store file of format version \(version); this program imports"
          + " version \(Self.supportedVersion) store files, or a JSON array of questions")
    }
    items = try container.decode(JSONImportRows.self, forKey: .items)
  }
}
