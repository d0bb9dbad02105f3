// Making lossy changes durable: within the configured delay, and on demand.

import Foundation
import LocalStore

extension SQLiteRepository {
  /// Returns once every change acknowledged so far is durable.
  ///
  /// A ``/LocalStore/Durability/durable`` store's changes are synced before they return, so
  /// it returns at once. A ``/LocalStore/Durability/lossyOnPowerCut(syncWithin:)`` store
  /// (`synchronous=NORMAL`) syncs its write-ahead log now rather than at the end of the delay:
  /// call it when the app goes to the background, or before the process exits.
  ///
  /// - Throws: ``/LocalStore/PersistenceError/outcomeUnknown(_:reason:)`` when the sync
  ///   failed, now or in the background since the last call: the changes it was to make
  ///   durable may be lost on a power cut.
  public func synchronize() throws {
    if let failure = backgroundSyncFailure {
      backgroundSyncFailure = nil
      throw failure
    }
    guard case .lossyOnPowerCut = configuration.durability else { return }
    scheduledSync?.cancel()
    scheduledSync = nil
    try syncLog()
  }

  /// After a lossy change, makes sure a sync of the log runs within the configured delay.
  ///
  /// The task holds the repository until it has run, so that a repository released right
  /// after a change still syncs it.
  func scheduleSyncIfLossy() {
    guard case .lossyOnPowerCut(let delay) = configuration.durability, scheduledSync == nil
    else { return }
    scheduledSync = Task {
      try? await Task.sleep(for: delay)
      guard !Task.isCancelled else { return }
      self.runScheduledSync()
    }
  }

  private func runScheduledSync() {
    scheduledSync = nil
    do {
      try syncLog()
    } catch {
      backgroundSyncFailure = error
    }
  }

  /// Syncs the write-ahead log, `<file>-wal`, and its folder: what `synchronous=FULL` does at
  /// each commit, done once for all the changes since the last sync. A checkpoint would not
  /// do: it syncs the log only when it can copy pages back, which a reader can prevent.
  func syncLog() throws(PersistenceError) {
    for path in [location.path + "-wal", location.directory] {
      // No log: the last checkpoint synced everything.
      if let failure = SystemCalls.sync(path, ignoringMissing: true) {
        throw .outcomeUnknown(fileURL, reason: "syncing \(path): \(failure)")
      }
    }
    logSyncs += 1
  }
}

extension SQLiteRepository {
  /// What the connection reads back now for `journal_mode` and `synchronous` (2 is FULL, 1 is
  /// NORMAL): the settings opening checked, for tests and diagnostics.
  func durabilitySettings() throws(PersistenceError) -> (journalMode: String, synchronous: Int64) {
    do {
      return (
        try connection.readText("PRAGMA journal_mode"),
        try connection.readInteger("PRAGMA synchronous")
      )
    } catch {
      throw error.persistenceError(
        for: fileURL, writing: false, lockTimeout: configuration.lockTimeout)
    }
  }
}
