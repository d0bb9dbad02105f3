// Where a repository's compaction stands: encoding off the actor, and how it fared lately.

/// What a ``LocalRepository`` knows of its compactions, as isolated state.
struct CompactionState {
  /// After this many compactions in a row whose bytes were out of date, the next one runs in
  /// one step on the actor.
  static let maximumMisses = 2
  /// The compaction encoding its snapshot off the actor, if one is; it ends back on the
  /// actor, having installed the snapshot or dropped it.
  var running: Task<Void, Never>?
  /// Compactions in a row whose bytes were out of date by the time they were encoded.
  var misses = 0
}
