// When a change counts as stored: once synced to the disk (the default), or once written,
// with the sync a moment later.

/// How durable a change is when ``LocalRepository/save(_:)`` and the other changes return.
///
/// ```swift
/// var configuration = StoreConfiguration()
/// configuration.durability = .lossyOnPowerCut(syncWithin: .milliseconds(200))
/// ```
public enum Durability: Sendable, Equatable {
  /// A change returns once its record is synced to stable storage (`fsync`): neither a crash
  /// of the process nor a power cut can take it back. The default.
  case durable

  /// A change returns once its record is written to the journal; the journal is synced in
  /// the background at most `syncWithin` later; a repository released meanwhile stays alive
  /// until that sync has run.
  ///
  /// For apps that save on every keystroke and would rather not wait for the disk each time.
  /// What can be lost, exactly: on a power cut or a crash of the operating system, the
  /// changes of the last `syncWithin` (plus the time one `fsync` takes) before it, each whole
  /// and in order: the store opens with a prefix of the acknowledged changes, never a
  /// corrupt or reordered one. A crash or `kill -9` of the process loses nothing, since
  /// the written records are in the kernel's page cache. Snapshot rewrites and compactions
  /// stay durable. Subscribers of ``LocalRepository/changes()`` hear of a change once it is
  /// written, not once it is synced.
  ///
  /// The change runs on the repository's own queue like every other, and its record is
  /// written to the page cache; the background sync runs there too.
  case lossyOnPowerCut(syncWithin: Duration)
}
