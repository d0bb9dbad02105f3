// How a LocalRepository lays its store out on disk: a journal beside a snapshot, or one file.

/// The on-disk layout of a ``LocalRepository``.
public enum StorageStrategy: Sendable, Equatable {
  /// A snapshot (the versioned JSON envelope) plus an append-only journal of changes beside
  /// it, `<name>.journal`. A change appends one record and syncs it; the snapshot is
  /// rewritten only when the journal outgrows it. The cost of a save does not grow with
  /// the store. The default.
  case journal
  /// The whole file rewritten on every change, as in the original pattern: one self-contained
  /// file, at O(n) per save.
  case rewrite
}
