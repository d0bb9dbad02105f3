// A model's journal store and the synced store that takes over at its first sync: which one a folder uses, and the move.

import Foundation
import LocalStore

/// The two stores of one model in a data folder: its journal store (`plants.json`, a
/// `LocalRepository`) until its first sync, and its synced store (`plants.synced.json`, a
/// ``SyncedRepository``) from then on.
///
/// A folder that never syncs keeps its store and format. ``move(from:reread:)`` copies every
/// value into the synced store (setting aside, whole, one an interrupted move left), checks
/// the copy against the journal store read anew, and only then writes the setting
/// (`plants.store`, one word: `synced`) in one durable rename. Killed before that rename, the
/// folder still opens the journal store, untouched; after it, the synced store, complete. The
/// journal store's files are left as they were.
public struct SyncedStoreSwitch: Sendable {
  /// The data folder.
  public var directory: URL
  /// The journal store's file: `plants.json`.
  public var filename: String

  /// The stores of the model kept in `filename` in `directory`.
  public init(directory: URL, filename: String) {
    self.directory = directory
    self.filename = filename
  }

  /// `plants` for `plants.json`.
  private static func baseName(of filename: String) -> String {
    filename.hasSuffix(".json") ? String(filename.dropLast(5)) : filename
  }

  /// The synced store's file for the journal store `filename`: `plants.synced.json` for
  /// `plants.json`.
  public static func syncedFilename(for filename: String) -> String {
    baseName(of: filename) + ".synced.json"
  }

  /// The synced store's file: `plants.synced.json`.
  public var syncedFilename: String { Self.syncedFilename(for: filename) }
  /// The setting that says the synced store is in use: `plants.store`.
  public var settingFilename: String { Self.baseName(of: filename) + ".store" }

  /// Whether the folder uses the synced store: its setting says `synced`.
  ///
  /// - Throws: ``SyncedStoreSwitchError/unreadableSetting(_:)`` when the setting cannot be
  ///   read or says something else.
  public func isSynced() throws(SyncedStoreSwitchError) -> Bool {
    let setting = directory.appendingPathComponent(settingFilename)
    let word: String
    do throws(SettingFile.Failure) {
      guard let text = try SettingFile.word(at: setting) else { return false }
      word = text
    } catch {
      throw .unreadableSetting(error.sentence)
    }
    guard word == "synced" else {
      throw .unreadableSetting(
        "\(setting.path) says \"\(word.prefix(40))\"; it should say synced, or be removed to"
          + " use \(filename) again.")
    }
    return true
  }

  /// Opens the synced store, off the main actor.
  public func openSynced<Item: Codable & Identifiable & Sendable>(
    configuration: StoreConfiguration = StoreConfiguration()
  ) async throws -> SyncedRepository<Item> where Item.ID: SyncRecordID & Codable {
    try await SyncedRepository<Item>.open(
      directory: directory, filename: syncedFilename, configuration: configuration)
  }

  /// Moves the values of `source`, the journal store, into the synced store and switches the
  /// folder to it; returns how many it moved, 0 when the folder used it already. `reread`
  /// opens the journal store anew, for the check: a repository reads other writers' changes
  /// only when it follows them.
  ///
  /// - Throws: ``SyncedStoreSwitchError/copyDiffers(_:)`` when another program changed the
  ///   journal store meanwhile (nothing was switched), or the store's error.
  public func move<Item: Codable & Identifiable & Sendable & Equatable>(
    from source: any Repository<Item>, reread: () async throws -> any Repository<Item>
  ) async throws -> Int where Item.ID: SyncRecordID & Codable {
    guard try !isSynced() else { return 0 }
    // The setting is written in the folder: a folder that holds nothing yet is made, as a
    // store's first change makes it (0700).
    try FileManager.default.createDirectory(
      at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    try setAsideUnfinishedCopy()
    let destination: SyncedRepository<Item> = try await openSynced()
    let items = await source.loadAll()
    try await destination.save(contentsOf: items)
    let current = try await reread()
    let now = Dictionary(uniqueKeysWithValues: await current.loadAll().map { ($0.id, $0) })
    let copied = Dictionary(
      uniqueKeysWithValues: await destination.loadAll().map { ($0.id, $0) })
    guard now.count == items.count, copied == now else {
      throw SyncedStoreSwitchError.copyDiffers(
        "The copy holds \(copied.count) values and \(filename) \(now.count) (\(items.count) when"
          + " the move began): another program changed it meanwhile. Nothing was switched;"
          + " close the other one and sync again.")
    }
    try await destination.synchronize()
    try DurableFile.write(
      Array("synced\n".utf8), to: directory.appendingPathComponent(settingFilename))
    return items.count
  }

  /// Renames the files of a synced store an interrupted move left, log first, so that the
  /// copy starts empty and never reads an old log.
  private func setAsideUnfinishedCopy() throws {
    let stamp = String(Int(Date().timeIntervalSince1970))
    for name in [syncedFilename + ".journal", syncedFilename + ".lock", syncedFilename] {
      let url = directory.appendingPathComponent(name)
      guard FileManager.default.fileExists(atPath: url.path) else { continue }
      try FileManager.default.moveItem(
        at: url,
        to: directory.appendingPathComponent(
          name.replacingOccurrences(of: syncedFilename, with: syncedFilename + ".replaced-\(stamp)")
        ))
    }
  }
}
