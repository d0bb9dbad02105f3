// What became of a save that must not overwrite another writer's change.

import Models

/// The outcome of ``QuestionListViewModel/save(_:ifUnchangedSince:)``.
public enum ConditionalSaveOutcome: Equatable, Sendable {
  /// The question was stored.
  case saved
  /// Someone changed or deleted the question since the editor opened it; nothing was stored.
  /// `current` is what the store holds now, `nil` if the question was deleted.
  case conflict(current: Question?)
  /// The store refused; the list's `errorMessage` says why.
  case failed
}
