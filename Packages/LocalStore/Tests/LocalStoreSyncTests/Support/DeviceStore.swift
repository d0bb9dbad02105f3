// One device's synced store for the tests: in memory, or journal-backed and reopened after every step.

import Foundation
import LocalStore
import LocalStoreSync
import LocalStoreTestSupport
import Testing

/// The stores the shared tests run against: the reference in memory, and the journal-backed
/// ``SyncedRepository``, which the wrapper opens again from its files after every step.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case memory
  case journal

  var testDescription: String { rawValue }
}

/// A synced store of notes of either kind, with the helpers the tests use.
///
/// The journal store is reopened from its files after every commit and every local edit, so
/// each step is checked as a process that crashed right after it would find it; `failCommits`
/// makes commits throw before they write, as a crash before the durable step would.
actor DeviceStore: SyncStore {
  let kind: StoreKind
  private let memory = InMemorySyncStore()
  private let folder: TemporaryDirectory
  private var opened: SyncedRepository<Note>?
  private var commitsBeforeFailure = 0
  private var failingCommits = 0

  init(_ kind: StoreKind) throws {
    self.kind = kind
    folder = try TemporaryDirectory(prefix: "DeviceStore")
  }

  /// The journal store, opened from its files if the last step closed it.
  func journal() async throws -> SyncedRepository<Note> {
    if let opened { return opened }
    let store = try await SyncedRepository<Note>.open(directory: folder.url, filename: "n.json")
    opened = store
    return store
  }

  /// Closes the journal store; the next call opens it again from the files.
  private func reopen() { opened = nil }

  // MARK: SyncStore

  func pendingChanges() async throws -> [PendingChange] {
    switch kind {
    case .memory: await memory.pendingChanges()
    case .journal: try await journal().pendingChanges()
    }
  }

  func pullMarks() async throws -> PullMarks {
    switch kind {
    case .memory: await memory.pullMarks()
    case .journal: try await journal().pullMarks()
    }
  }

  func commit(_ update: SyncUpdate) async throws {
    if failingCommits > 0 {
      if commitsBeforeFailure > 0 {
        commitsBeforeFailure -= 1
      } else {
        failingCommits -= 1
        throw SyncError.storeFailed("a commit failed on purpose (DeviceStore.failCommits)")
      }
    }
    switch kind {
    case .memory: try await memory.commit(update)
    case .journal: try await journal().commit(update)
    }
    reopen()
  }

  // MARK: Local edits and what the tests read

  /// Makes `count` commits throw before changing anything, after `successes` succeed.
  func failCommits(_ count: Int, after successes: Int = 0) {
    failingCommits = count
    commitsBeforeFailure = successes
  }

  /// Saves the item of record `id` with `fields` here (queued for the server).
  func save(id: String, fields: [String: JSONValue]) async throws {
    switch kind {
    case .memory: await memory.save(id: id, fields: fields)
    case .journal: try await journal().save(SyncCodec<Note>().item(id: id, fields: fields))
    }
    reopen()
  }

  /// Saves `note` here (queued for the server).
  func save(_ note: Note) async throws {
    let (id, fields) = try SyncCodec<Note>().record(of: note)
    try await save(id: id, fields: fields)
  }

  /// Deletes record `id` here (queued for the server).
  func delete(id: String) async throws {
    switch kind {
    case .memory: await memory.delete(id: id)
    case .journal: try await journal().delete(try #require(UUID(recordID: id)))
    }
    reopen()
  }

  /// Deletes `note` here (queued for the server).
  func delete(_ note: Note) async throws {
    try await delete(id: try note.id.recordID())
  }

  /// The items, by record id, as fields.
  func allItems() async throws -> [String: [String: JSONValue]] {
    switch kind {
    case .memory:
      return await memory.allItems()
    case .journal:
      var items: [String: [String: JSONValue]] = [:]
      for note in try await journal().loadAll() {
        let (id, fields) = try SyncCodec<Note>().record(of: note)
        items[id] = fields
      }
      return items
    }
  }

  /// The notes, sorted by title.
  func notes() async throws -> [Note] {
    try await allItems().map { try SyncCodec<Note>().item(id: $0.key, fields: $0.value) }
      .sorted { $0.title < $1.title }
  }

  /// How many local changes wait, conflicts included.
  func pendingCount() async throws -> Int {
    switch kind {
    case .memory: await memory.pendingCount()
    case .journal: try await journal().pendingCount()
    }
  }

  /// The record ids of the unresolved conflicts.
  func conflictIDs() async throws -> Set<String> {
    switch kind {
    case .memory: Set(await memory.unresolvedConflicts().keys)
    case .journal: Set(try await journal().conflicts().map(\.recordID))
    }
  }

  /// Resolves the conflict of `id`.
  func resolveConflict(id: String, keepLocal: Bool) async throws {
    switch kind {
    case .memory: await memory.resolveConflict(id: id, keepLocal: keepLocal)
    case .journal: try await journal().resolveConflict(id, keepingMine: keepLocal)
    }
    reopen()
  }
}

/// The fields of a note titled `title` (text and tags empty).
func noteFields(_ title: String, text: String = "") -> [String: JSONValue] {
  ["title": .string(title), "text": .string(text), "tags": .array([])]
}

/// A record id of a note of its own.
func newRecordID() -> String { UUID().uuidString.lowercased() }
