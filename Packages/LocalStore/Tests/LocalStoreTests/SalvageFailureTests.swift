// A repair that fails, or is cut off by a power cut, at any step leaves the store as it was or
// as repaired: never empty, never with a change lost, and its message true.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct SalvageFailureTests {
  /// A damaged store of the kind repair is for.
  enum Damage: String, CaseIterable, Sendable {
    /// A changed bit in the second of four journal records after the snapshot.
    case journalRecord
    /// An item line of the snapshot that no longer parses.
    case snapshotItem
    /// `"sequence":1` changed to `9` in the snapshot's last line.
    case snapshotFooter

    /// How many notes a repair keeps of the seven: three in the snapshot, four in the journal.
    var kept: Int {
      switch self {
      case .journalRecord: 4  // The snapshot's three and the first journal change.
      case .snapshotItem: 6  // All but the damaged item.
      case .snapshotFooter: 7
      }
    }

    /// Makes the store `q.json` in `folder` and damages it.
    func make(in folder: TemporaryDirectory) async throws {
      _ = try await makeJournaledStore(in: folder)
      let url: URL
      var data: Data
      switch self {
      case .journalRecord:
        url = journalURL(in: folder)
        data = try #require(bytes(of: url))
        let second = try #require(data.firstIndex(of: UInt8(ascii: "\n"))) + 1
        data[second + 30] ^= 0x04
      case .snapshotItem:
        url = folder.appending("q.json")
        data = try #require(bytes(of: url))
        let second = try #require(data.firstIndex(of: UInt8(ascii: "\n"))) + 1
        data[second] = UInt8(ascii: "[")
      case .snapshotFooter:
        url = folder.appending("q.json")
        data = try #require(bytes(of: url))
        data[data.count - 3] = UInt8(ascii: "9")
      }
      try data.write(to: url)
    }
  }

  private static let names = ["q.json", "q.json.journal"]

  /// The store's files and their bytes.
  private func files(in folder: TemporaryDirectory) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.url.path) {
      files[name] = bytes(of: folder.appending(name))
    }
    return files
  }

  /// The titles of what the store holds once repaired with nothing failing (each store's
  /// notes have IDs of their own).
  private func repaired(_ damage: Damage) async throws -> [String] {
    let folder = try TemporaryDirectory()
    try await damage.make(in: folder)
    _ = try LocalRepository<Note>.salvage(directory: folder.url, filename: "q.json")
    return try await LocalRepository<Note>(directory: folder.url, filename: "q.json").loadAll()
      .map(\.title)
  }

  /// Fails call `step` of a repair (with `persistent`, every call from it on, and then drops
  /// every write not synced, as a power cut at that call does), then opens the store: it must
  /// read as repaired, or refuse as before, and a second repair must then bring back every
  /// item. A failure reported as "nothing was changed" must have changed neither file.
  ///
  /// A power cut may also undo a rename whose folder was not synced yet; the repair syncs
  /// the folder after each rename before the next step, so such a state is the one the
  /// previous step's power cut leaves, which the loop covers.
  @Test(arguments: Damage.allCases)
  func aFailureOrPowerCutAtAnyStepLeavesTheStoreAsItWasOrAsRepaired(damage: Damage) async throws {
    let expected = try await repaired(damage)
    #expect(expected.count == damage.kept)
    let counting = try TemporaryDirectory()
    try await damage.make(in: counting)
    let fileSystem = FailingFileSystem()
    fileSystem.fail(at: nil)
    _ = try LocalRepository<Note>.salvage(
      directory: counting.url, filename: "q.json", configuration: StoreConfiguration(),
      now: .now, fileSystem: fileSystem)
    let steps = fileSystem.calls.count
    #expect(steps >= 20)
    var outcomes: [String: Int] = [:]
    for persistent in [false, true] {
      for step in 1...steps {
        let label = "step \(step) of \(steps)\(persistent ? ", power cut" : "")"
        let folder = try TemporaryDirectory()
        try await damage.make(in: folder)
        let before = try files(in: folder)
        fileSystem.fail(at: step, code: ENOSPC, persistent: persistent)
        var failure: PersistenceError?
        do {
          _ = try LocalRepository<Note>.salvage(
            directory: folder.url, filename: "q.json", configuration: StoreConfiguration(),
            now: .now, fileSystem: fileSystem)
        } catch {
          failure = error
        }
        if persistent { fileSystem.dropUnsyncedWrites() }
        fileSystem.fail(at: nil)
        let after = try files(in: folder)
        if let failure, !failure.description.contains("stopped part way") {
          // Every other failure says nothing was changed: the store's files hold what they
          // held.
          for name in Self.names {
            #expect(after[name] == before[name], "\(label): \(name) changed")
          }
          if !persistent {
            #expect(Set(after.keys) == Set(before.keys), "\(label): left \(after.keys.sorted())")
          }
        }
        // Every original byte is still in some file of the folder.
        for name in Self.names {
          let original = try #require(before[name])
          #expect(after.values.contains(original), "\(label): the original \(name) is gone")
        }
        let state: String
        do {
          let opened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
          #expect(
            await opened.loadAll().map(\.title) == expected, "\(label): opened with other items")
          state = failure == nil ? "repaired" : "failed, reads as repaired"
        } catch {
          #expect(failure != nil, "\(label): refused after a repair that succeeded: \(error)")
          #expect((error as? PersistenceError)?.canBeMovedAside == true, "\(label): \(error)")
          _ = try LocalRepository<Note>.salvage(directory: folder.url, filename: "q.json")
          let again = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
          #expect(
            await again.loadAll().map(\.title) == expected, "\(label): a second repair lost items")
          state = "failed, refused as before"
        }
        outcomes[state, default: 0] += 1
      }
    }
    print("\(damage): \(steps) steps, each failed once and as a power cut:", outcomes)
  }

  /// A full disk: the new snapshot cannot be written, so nothing is renamed, and the store
  /// is as it was, as the message says (it used to be renamed aside first, and open empty).
  @Test func aFullDiskChangesNothingAndSaysSo() async throws {
    let folder = try TemporaryDirectory()
    try await Damage.snapshotItem.make(in: folder)
    let before = try files(in: folder)
    let fileSystem = FailingFileSystem()
    fileSystem.fail("write", onPathEndingIn: "", code: ENOSPC)
    let error = try #require(throws: PersistenceError.self) {
      try LocalRepository<Note>.salvage(
        directory: folder.url, filename: "q.json", configuration: StoreConfiguration(),
        now: .now, fileSystem: fileSystem)
    }
    #expect(error.description.contains("nothing was changed"), "\(error)")
    #expect(try files(in: folder) == before)
    #expect(throws: PersistenceError.self) {
      try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    }
  }
}
