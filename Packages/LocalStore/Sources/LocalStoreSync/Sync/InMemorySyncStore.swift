// A SyncStore kept in memory: the reference implementation of the protocol's rules.

import Foundation

/// A synced store of JSON items in memory, for tests and previews.
///
/// Local edits (``save(id:fields:)``, ``delete(id:)``) go into the outbox; the
/// ``SyncStore`` methods follow the rules of each ``SyncStep``. A journal-backed store keeps
/// the same state durably; this one shows what each step must do.
public actor InMemorySyncStore: SyncStore {
  private struct Outgoing {
    var fields: [String: JSONValue]?
    var revision: UInt64
    /// The digests of the pending versions this one replaced (see
    /// ``PendingChange/earlierVersions``).
    var earlier: [UInt64] = []
  }

  private var items: [String: [String: JSONValue]] = [:]
  /// The `last_modified` of each item as last seen on the server.
  private var serverVersions: [String: Int64] = [:]
  private var outbox: [String: Outgoing] = [:]
  private var marks = PullMarks()
  private var conflicts: [String: SyncConflict] = [:]
  private var lastRevision: UInt64 = 0
  private var commitsBeforeFailure = 0
  private var failingCommits = 0

  /// An empty store.
  public init() {}

  /// Saves an item here and queues it for the server.
  public func save(id: String, fields: [String: JSONValue]) {
    items[id] = fields
    queue(id, fields)
  }

  /// Deletes an item here and queues the delete for the server.
  public func delete(id: String) {
    items.removeValue(forKey: id)
    queue(id, nil)
  }

  /// Puts the change of `id` in the outbox, remembering the pending version it replaces.
  private func queue(_ id: String, _ fields: [String: JSONValue]?) {
    lastRevision += 1
    var earlier = outbox[id].map { $0.earlier + [FieldsDigest.of($0.fields)] } ?? []
    earlier = Array(earlier.suffix(FieldsDigest.rememberedVersions))
    outbox[id] = Outgoing(fields: fields, revision: lastRevision, earlier: earlier)
  }

  /// The items, by record id.
  public func allItems() -> [String: [String: JSONValue]] { items }

  /// The unresolved conflicts, by record id.
  public func unresolvedConflicts() -> [String: SyncConflict] { conflicts }

  /// How many local changes wait to be sent, conflicts included.
  public func pendingCount() -> Int { outbox.count }

  /// Resolves the conflict of `id`: keep the local change (sent again over the server's
  /// version on the next round) or keep the server's version.
  public func resolveConflict(id: String, keepLocal: Bool) {
    guard let conflict = conflicts.removeValue(forKey: id) else { return }
    let remote = conflict.remote.flatMap { $0.isDeleted ? nil : $0 }
    if keepLocal {
      serverVersions[id] = remote?.lastModified
    } else {
      items[id] = remote?.fields
      serverVersions[id] = remote?.lastModified
      outbox.removeValue(forKey: id)
    }
  }

  /// Makes `count` commits throw before changing anything, as a crash before the durable
  /// step would, after `successes` more commits succeed (for tests).
  public func failCommits(_ count: Int, after successes: Int = 0) {
    failingCommits = count
    commitsBeforeFailure = successes
  }

  /// The pending changes, oldest first, without those held by a conflict.
  public func pendingChanges() -> [PendingChange] {
    outbox.filter { conflicts[$0.key]?.pendingRevision != $0.value.revision }
      .sorted { $0.value.revision < $1.value.revision }
      .map {
        PendingChange(
          id: $0.key, fields: $0.value.fields, baseLastModified: serverVersions[$0.key],
          revision: $0.value.revision, earlierVersions: Set($0.value.earlier))
      }
  }

  /// Where the pulls stand.
  public func pullMarks() -> PullMarks { marks }

  /// Applies `update` whole (an actor method with no suspension: nobody sees half of it).
  public func commit(_ update: SyncUpdate) throws {
    if failingCommits > 0 {
      if commitsBeforeFailure > 0 {
        commitsBeforeFailure -= 1
      } else {
        failingCommits -= 1
        throw SyncError.storeFailed("a commit failed on purpose (InMemorySyncStore.failCommits)")
      }
    }
    for step in update.steps { apply(step) }
    marks.take(cursor: update.cursor, marks: update.marks)
  }

  private func apply(_ step: SyncStep) {
    switch step {
    case .acknowledged(let id, let revision, let lastModified):
      serverVersions[id] = lastModified
      outbox[id]?.earlier = []
      if outbox[id]?.revision == revision {
        outbox.removeValue(forKey: id)
        conflicts.removeValue(forKey: id)
      }
    case .remote(let record, let expected):
      guard outbox[record.id]?.revision == expected else { return }
      if expected == nil, let known = serverVersions[record.id], known >= record.lastModified {
        return
      }
      replace(id: record.id, with: record.isDeleted ? nil : record)
    case .remoteAbsent(let id, let expected):
      guard outbox[id]?.revision == expected else { return }
      replace(id: id, with: nil)
    case .rebase(let id, let revision, let lastModified):
      guard outbox[id]?.revision == revision else { return }
      serverVersions[id] = lastModified
      outbox[id]?.earlier = []
      conflicts.removeValue(forKey: id)
    case .conflict(let conflict):
      guard outbox[conflict.id]?.revision == conflict.pendingRevision else { return }
      conflicts[conflict.id] = conflict
    }
  }

  private func replace(id: String, with record: KintoRecord?) {
    items[id] = record?.fields
    serverVersions[id] = record?.lastModified
    outbox.removeValue(forKey: id)
    conflicts.removeValue(forKey: id)
  }
}
