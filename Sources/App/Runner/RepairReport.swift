// What `questions repair --json` prints for one store: where its bytes went and what was kept.

/// What `repair` did to one store, as `--json` prints it: `movedTo` is `null` when nothing
/// was wrong; `kept` and `damaged` count the items of the damaged store; `setAside` counts
/// the intact changes left out of it, and `unapplied` names the file that holds them;
/// `pending` lists files of changes earlier repairs set aside that were not applied since;
/// `error` is the sentence of a store that could not be repaired.
struct RepairReport: Encodable {
  var store: String
  var movedTo: String?
  var kept: Int?
  var damaged: Int?
  var truncated: Bool?
  var setAside: Int?
  var unapplied: String?
  var pending: [String]?
  var error: String?

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(store, forKey: .store)
    try container.encode(movedTo, forKey: .movedTo)
    try container.encodeIfPresent(kept, forKey: .kept)
    try container.encodeIfPresent(damaged, forKey: .damaged)
    try container.encodeIfPresent(truncated, forKey: .truncated)
    try container.encodeIfPresent(setAside, forKey: .setAside)
    try container.encodeIfPresent(unapplied, forKey: .unapplied)
    try container.encodeIfPresent(pending, forKey: .pending)
    try container.encodeIfPresent(error, forKey: .error)
  }

  private enum CodingKeys: String, CodingKey {
    case store, movedTo, kept, damaged, truncated, setAside, unapplied, pending, error
  }
}
