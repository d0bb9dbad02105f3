// The names an app's sync messages use: its tool, what it keeps, its synced store, its password variable.

/// What the shared sync command calls things, for one app: `garden` keeps `plants` in
/// `plants.synced.json` and reads its password from `GARDEN_SYNC_PASSWORD`.
///
/// Every sentence of ``SyncCommand``, its reports and ``SyncCommandError`` is put together
/// from these words, so two apps print the same sentences about different things.
public struct SyncWording: Equatable, Sendable {
  /// The tool's name, as a person types it: `garden`.
  public var tool: String
  /// One kept value, in lower case: `plant`.
  public var noun: String
  /// Several: `plants`.
  public var plural: String
  /// The synced store's file in the data folder: `plants.synced.json`.
  public var syncedFilename: String
  /// The environment variable that holds the password: `GARDEN_SYNC_PASSWORD`.
  public var passwordVariable: String

  /// The words of one app.
  public init(
    tool: String, noun: String, plural: String, syncedFilename: String, passwordVariable: String
  ) {
    self.tool = tool
    self.noun = noun
    self.plural = plural
    self.syncedFilename = syncedFilename
    self.passwordVariable = passwordVariable
  }

  /// "1 plant was" or "3 plants were".
  func count(_ count: Int, verb: (one: String, many: String)) -> String {
    count == 1 ? "1 \(noun) \(verb.one)" : "\(count) \(plural) \(verb.many)"
  }
}
