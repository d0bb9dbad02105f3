// Applying the journal records a repair set aside, after a person has looked at them.

import Foundation

extension LocalRepository {
  /// Applies the records of `file`, a `<name>.journal.unapplied-<time>` file that
  /// ``salvage(directory:filename:configuration:now:)`` wrote, in order, each as one change
  /// through the normal save path.
  ///
  /// A repair applies a journal's changes only up to the first damaged one, since a change
  /// applied without the ones before it may make a state that never was, and sets every
  /// intact change after it aside. Whether they still make sense is for a person to judge:
  /// `cat` shows them, one JSON change per line. This applies them once that person agrees.
  ///
  /// Once every record is in the store, the file is renamed from `….unapplied-<time>` to
  /// `….applied-<time>` (``SetAsideReport/renamedTo``), so that it is not applied a second
  /// time: applying it again after an item was edited would undo the edit. Asked for the
  /// old name again, this throws and names the new one. A record whose change the store
  /// already holds (every item it saves is there, equal; or none of the items it deletes is
  /// there) is not applied again but counted in ``SetAsideReport/alreadyApplied``, so that a
  /// run cut short part way through (before the rename) can simply be run again. The check
  /// and the save run as one step under the store's lock, as ``save(_:if:)`` does.
  ///
  /// - Throws: ``PersistenceError/corrupt(_:reason:)`` naming the byte when a record of the
  ///   file is damaged, before anything is applied; ``PersistenceError/unreadable(_:reason:)``
  ///   when there is no such file (saying so when it was applied and renamed already); what
  ///   a save throws, after the records before it were applied (running it again applies the
  ///   rest).
  public func applySetAsideRecords(from file: URL) async throws -> SetAsideReport {
    let fileSystem = engine.snapshot.fileSystem
    let changes = try Self.setAsideChanges(in: file, fileSystem: fileSystem, configuration)
    var report = SetAsideReport()
    for change in changes {
      let stored = try await commit(change) { cache in !Self.holds(change, in: cache) }
      if stored { report.applied += 1 } else { report.alreadyApplied += 1 }
    }
    if let applied = Self.appliedName(of: file) {
      do throws(SystemCallError) {
        try fileSystem.rename(file.path, to: applied.path)
        try fileSystem.synchronizeDirectory(file.deletingLastPathComponent().path)
        report.renamedTo = applied
      } catch {
        throw PersistenceError.recoveryFailed(
          file,
          reason: "its \(report.applied) changes were applied, but renaming it to"
            + " \(applied.lastPathComponent) failed (\(error)), so do not apply it again")
      }
    }
    return report
  }

  /// The name a file of set-aside records gets once applied: `.unapplied-` becomes
  /// `.applied-`; `nil` for a name without `.unapplied-`.
  private static func appliedName(of file: URL) -> URL? {
    let name = file.lastPathComponent
    guard let range = name.range(of: ".unapplied-", options: .backwards) else { return nil }
    return file.deletingLastPathComponent().appendingPathComponent(
      name.replacingCharacters(in: range, with: ".applied-"))
  }

  /// The changes of the records in `file`, all intact, in order.
  private static func setAsideChanges(
    in file: URL, fileSystem: any FileSystem, _ configuration: StoreConfiguration
  ) throws(PersistenceError) -> [Change] {
    let path = file.standardizedFileURL.path
    guard
      let data = try FileReader(
        fileSystem: fileSystem, path: path, limit: configuration.maximumFileSize
      ).readWholeFile()?.data
    else {
      if let applied = appliedName(of: file), (try? fileSystem.status(ofPath: applied.path)) != nil
      {
        throw .unreadable(
          file,
          reason: "its changes were applied already, and it was renamed to"
            + " \(applied.lastPathComponent) so that they are not applied twice")
      }
      throw .unreadable(file, reason: "there is no such file")
    }
    let bytes = Array(data)
    var changes: [Change] = []
    var position = 0
    while !Journal.Record.isFreeSpace(bytes, from: position) {
      switch Journal.Record.parse(bytes, at: position) {
      case .record(_, _, let payload, let end):
        changes.append(
          try Change(
            payload: bytes[payload], configuration: configuration, file: file,
            at: Int64(position)))
        position = end
      case .damaged(let reason, _), .torn(let reason):
        throw .corrupt(
          file, reason: "the record at byte \(position) is damaged (\(reason)); nothing was applied"
        )
      }
    }
    return changes
  }

  /// Whether `cache` already holds what `change` would make: every item it saves, equal
  /// (the last of each ID, as a save of several keeps the last), or none it deletes.
  private static func holds(_ change: Change, in cache: Cache) -> Bool {
    switch change {
    case .delete:
      return !change.changesAnything(in: cache)
    case .saveAndDelete(let items, let ids):
      let saved = Set(items.map(\.id))
      return holds(.save(items), in: cache)
        && holds(.delete(ids.filter { !saved.contains($0) }), in: cache)
    case .save(let items):
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      var last: [T.ID: T] = [:]
      for item in items { last[item.id] = item }
      return last.values.allSatisfy { item in
        guard let stored = cache[item.id] else { return false }
        return (try? encoder.encode(stored)) == (try? encoder.encode(item))
      }
    }
  }
}
