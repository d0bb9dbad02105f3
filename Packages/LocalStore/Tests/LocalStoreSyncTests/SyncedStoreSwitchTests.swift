// A folder's move from its journal store to its synced store: verified before the switch, once, never reading an old copy.

import Foundation
import LocalStore
import LocalStoreSync
import LocalStoreTestSupport
import Testing

@Suite struct SyncedStoreSwitchTests {
  let folder: TemporaryDirectory
  let stores: SyncedStoreSwitch

  init() throws {
    folder = try TemporaryDirectory(prefix: "SyncedStoreSwitch")
    stores = SyncedStoreSwitch(directory: folder.url, filename: "notes.json")
  }

  /// The journal store holding `notes`.
  func journalStore(holding notes: [Note]) async throws -> LocalRepository<Note> {
    let store = try await LocalRepository<Note>.open(directory: folder.url, filename: "notes.json")
    try await store.save(contentsOf: notes)
    try await store.synchronize()
    return store
  }

  /// The bytes of each file of the journal store (`notes.json` and those beside it).
  func journalStoreFiles() throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    where name.hasPrefix("notes.json") {
      files[name] = try Data(contentsOf: folder.appending(name))
    }
    return files
  }

  @Test func theMoveCopiesEveryValueAsPendingSwitchesOnceAndLeavesTheJournalStoreAsItWas()
    async throws
  {
    #expect(stores.syncedFilename == "notes.synced.json")
    #expect(stores.settingFilename == "notes.store")
    let notes = [Note(title: "one"), Note(title: "two"), Note(title: "three")]
    let source = try await journalStore(holding: notes)
    let journal = try journalStoreFiles()
    #expect(try stores.isSynced() == false)

    #expect(try await stores.move(from: source) { source } == 3)
    #expect(try stores.isSynced())
    let synced: SyncedRepository<Note> = try await stores.openSynced()
    #expect(Set(await synced.loadAll()) == Set(notes))
    #expect(await synced.pendingCount() == 3)
    #expect(try journalStoreFiles() == journal)
    #expect(try await stores.move(from: source) { source } == 0)
  }

  /// Another writer saves into the journal store while the copy is made: the check reads it
  /// anew, finds one value more, and nothing is switched.
  @Test func aChangeMadeDuringTheMoveStopsItBeforeTheSwitch() async throws {
    let source = try await journalStore(holding: [Note(title: "one")])
    await #expect(throws: SyncedStoreSwitchError.self) {
      try await stores.move(from: source) {
        let other = try await LocalRepository<Note>.open(
          directory: folder.url, filename: "notes.json")
        try await other.save(Note(title: "saved meanwhile"))
        return other
      }
    }
    #expect(try stores.isSynced() == false)
  }

  /// A synced store left by a move killed before its switch is set aside whole, and the copy
  /// starts empty: none of its values comes back.
  @Test func anUnfinishedCopyIsSetAsideAndNeverRead() async throws {
    let stale: SyncedRepository<Note> = try await stores.openSynced()
    try await stale.save(Note(title: "left by a killed move"))
    try await stale.synchronize()
    let source = try await journalStore(holding: [Note(title: "one")])

    #expect(try await stores.move(from: source) { source } == 1)
    let synced: SyncedRepository<Note> = try await stores.openSynced()
    #expect(await synced.loadAll().map(\.title) == ["one"])
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    #expect(files.contains { $0.hasPrefix("notes.synced.json.replaced-") }, "\(files)")
  }

  @Test(arguments: ["sqlite\n", "", "synced please\n"])
  func aSettingThatSaysAnythingElseIsRefusedByName(_ text: String) throws {
    try Data(text.utf8).write(to: folder.appending("notes.store"))
    #expect {
      try stores.isSynced()
    } throws: { error in
      (error as? SyncedStoreSwitchError)?.errorDescription?.contains(
        folder.appending("notes.store").path) == true
    }
  }
}
