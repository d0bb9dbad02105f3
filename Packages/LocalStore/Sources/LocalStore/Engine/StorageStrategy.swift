// How a LocalRepository lays its store out on disk: a journal beside a snapshot, or one file.

/// The on-disk layout of a ``LocalRepository``.
public enum StorageStrategy: Sendable, Equatable {
  /// A snapshot (the versioned JSON envelope) plus a journal of changes beside it,
  /// `<name>.journal`. A change writes one record after the last and syncs it (into zeros
  /// the journal reserved ahead, so that the sync commits no new file size); the snapshot is
  /// rewritten only when the journal outgrows it. The cost of a save does not grow with
  /// the store. The default.
  case journal
  /// The whole file rewritten on every change, as in the original pattern: one self-contained
  /// file, at O(n) per save.
  case rewrite
}
