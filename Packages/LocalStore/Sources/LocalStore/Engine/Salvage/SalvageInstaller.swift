// Puts a salvaged store in place of a damaged one, in an order no failure or power cut can break.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces a damaged store by what a salvage kept, so that a failure or a power cut at any
/// step leaves the store as it was or as repaired, never empty, and never a state in which
/// a change is applied twice or lost.
///
/// The order, each step through ``FileSystem`` so that a test can fail any one of them:
/// 1. The new snapshot is written to a temporary file and synced, and so is the journal's
///    intact prefix (the records the new snapshot holds, as they were). Nothing reads
///    either yet: a full disk fails here, and the store is as it was.
/// 2. The records set aside are written durably to `<name>.journal.unapplied-<time>`.
/// 3. The original files get a second name each, `<name>.corrupt-<time>` and
///    `<name>.journal.corrupt-<time>` (a hard link, which needs no space; a durable copy on a
///    file system without links), and the folder is synced. Every byte of the store now has
///    a name that no later step changes.
/// 4. The synced mark in the lock file (see ``SyncedMark``), which describes the journal
///    about to be replaced, is removed and the lock file synced; then the prefix is renamed
///    over the journal, and the folder synced. The old snapshot with
///    the journal's prefix reads as before the repair when the snapshot is the damaged file
///    (it still fails to open, for the same reason), and as repaired when it is intact (it
///    holds the same items and the prefix applies the same changes).
/// 5. The new snapshot is renamed over the store, and the folder synced. Its sequence is
///    that of the last record of the prefix, so the prefix's records are skipped as ones it
///    already holds: the store opens as repaired.
/// 6. The prefix, now redundant, is removed; if that fails, or a power cut comes first, the
///    store opens as repaired all the same.
///
/// A failure before step 4 removes what steps 1 to 3 made and reports that nothing was
/// changed. From step 4 on, a failure is reported as ``PersistenceError/repairIncomplete(_:reason:)``:
/// the store is then as it was or as repaired, and running the repair again is safe.
struct SalvageInstaller {
  /// The new files, and the originals' bytes for a file system without hard links.
  struct Plan {
    /// The new snapshot's bytes.
    var snapshot: [UInt8]
    /// The original snapshot, `nil` when there was none.
    var originalSnapshot: Data?
    /// The original journal, `nil` when there was none.
    var originalJournal: Data?
    /// The journal's intact prefix: the records the new snapshot holds.
    var journalPrefix: [UInt8]
    /// The intact records set aside, empty when there are none.
    var setAside: [UInt8]
  }

  /// Where the originals and the records set aside now are.
  struct Outcome {
    var snapshotCopy: String?
    var journalCopy: String?
    var setAsideFile: String?
  }

  let fileSystem: any FileSystem
  let location: StoreLocation
  /// The time stamp in the names of the copies.
  let stamp: String

  private var journalPath: String { location.path + ".journal" }
  private var writer: DurableFileWriter { DurableFileWriter(fileSystem: fileSystem) }

  /// Runs steps 1 to 6 for `plan`.
  ///
  /// - Throws: ``PersistenceError/writeFailed(_:reason:)`` when a step before the journal is
  ///   replaced failed, and everything made so far was removed again;
  ///   ``PersistenceError/repairIncomplete(_:reason:)`` when a later step failed.
  func install(_ plan: Plan) throws(PersistenceError) -> Outcome {
    var made: [String] = []
    func undo() { for path in made.reversed() { try? fileSystem.unlink(path) } }
    let snapshot: DurableFileWriter.Prepared
    let prefix: DurableFileWriter.Prepared?
    var outcome = Outcome()
    do throws(PersistenceError) {
      snapshot = try prepare(plan.snapshot, for: location.path)
      made.append(snapshot.temporary)
      prefix =
        plan.originalJournal == nil ? nil : try prepare(plan.journalPrefix, for: journalPath)
      if let prefix { made.append(prefix.temporary) }
      if !plan.setAside.isEmpty {
        let path = RecoveryStamp.freePath(
          journalPath + ".unapplied-" + stamp, fileSystem: fileSystem)
        made.append(path)
        try write(plan.setAside, to: path)
        outcome.setAsideFile = path
      }
      if let original = plan.originalSnapshot {
        outcome.snapshotCopy = try keep(location.path, bytes: original, made: &made)
      }
      if let original = plan.originalJournal {
        outcome.journalCopy = try keep(journalPath, bytes: original, made: &made)
      }
      do throws(SystemCallError) {
        try fileSystem.synchronizeDirectory(location.directory)
      } catch {
        throw .writeFailed(location.directoryURL, reason: error.description)
      }
      // The synced mark describes the journal about to be replaced: the prefix that takes
      // its place starts with the same record, and is shorter.
      let lockPath = location.path + ".lock"
      do throws(SystemCallError) {
        try SyncedMark.clear(at: lockPath, fileSystem: fileSystem)
      } catch {
        throw .writeFailed(
          URL(fileURLWithPath: lockPath, isDirectory: false), reason: error.description)
      }
    } catch {
      undo()
      throw error
    }
    if let prefix {
      do throws(DurableFileWriter.Failure) {
        _ = try writer.install(prefix, at: journalPath, in: location.directory)
      } catch {
        if case .notWritten(let cause) = error {
          undo()
          throw .writeFailed(
            URL(fileURLWithPath: journalPath, isDirectory: false), reason: cause.description)
        }
        try? fileSystem.unlink(snapshot.temporary)
        throw incomplete(error, outcome)
      }
    }
    do throws(DurableFileWriter.Failure) {
      _ = try writer.install(snapshot, at: location.path, in: location.directory)
    } catch {
      throw incomplete(error, outcome)
    }
    if prefix != nil, (try? fileSystem.unlink(journalPath)) != nil {
      try? fileSystem.synchronizeDirectory(location.directory)
    }
    return outcome
  }

  /// Step 1 for one file: `bytes` in a synced temporary file beside `target`.
  private func prepare(
    _ bytes: [UInt8], for target: String
  ) throws(PersistenceError) -> DurableFileWriter.Prepared {
    do throws(SystemCallError) {
      return try writer.prepare(target, in: location.directory, with: bytes)
    } catch {
      throw .writeFailed(
        URL(fileURLWithPath: target, isDirectory: false), reason: error.description)
    }
  }

  /// Writes `bytes` durably to the new file `path`.
  private func write(_ bytes: [UInt8], to path: String) throws(PersistenceError) {
    do throws(DurableFileWriter.Failure) {
      _ = try writer.replaceContents(of: path, in: location.directory, with: bytes)
    } catch {
      switch error {
      case .notWritten(let cause), .undoneButNotDurable(let cause),
        .writtenButNotDurable(let cause, _):
        throw .writeFailed(
          URL(fileURLWithPath: path, isDirectory: false), reason: cause.description)
      }
    }
  }

  /// Step 3 for one file: gives `path` the second name `<path>.corrupt-<stamp>`, a hard link,
  /// or, where the file system has none, a durable copy of `bytes`; returns that name.
  private func keep(
    _ path: String, bytes: Data, made: inout [String]
  ) throws(PersistenceError) -> String {
    let copy = RecoveryStamp.freePath(path + ".corrupt-" + stamp, fileSystem: fileSystem)
    do throws(SystemCallError) {
      try fileSystem.link(path, to: copy)
      made.append(copy)
      return copy
    } catch  where [EPERM, ENOTSUP, EOPNOTSUPP, EXDEV, EMLINK].contains(error.code) {
      made.append(copy)
      try write(Array(bytes), to: copy)
      return copy
    } catch {
      throw .writeFailed(URL(fileURLWithPath: copy, isDirectory: false), reason: error.description)
    }
  }

  /// The error for a failure from step 4 on, saying where every byte is.
  private func incomplete(
    _ failure: DurableFileWriter.Failure, _ outcome: Outcome
  ) -> PersistenceError {
    let cause: SystemCallError
    switch failure {
    case .notWritten(let error), .undoneButNotDurable(let error),
      .writtenButNotDurable(let error, _):
      cause = error
    }
    var kept = [outcome.snapshotCopy, outcome.journalCopy].compactMap { $0 }
      .joined(separator: " and ")
    if let setAside = outcome.setAsideFile { kept += ", the changes set aside in \(setAside)" }
    return .repairIncomplete(
      location.fileURL, reason: "\(cause.description); the originals are in \(kept)")
  }
}
