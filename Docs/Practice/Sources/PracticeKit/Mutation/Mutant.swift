// One mutant of a solution: a small change that mirrors a mistake a learner makes.

/// The kinds of change the mutation tool makes, each a mistake learners make with actors.
enum MutationOperator: String, CaseIterable, Sendable {
  /// A statement deleted.
  case delete
  /// Two adjacent statements swapped.
  case swap
  /// `await Task.yield()` put between a read and a write of isolated state.
  case suspend
  /// A statement wrapped in `Task { }`.
  case task
  /// A statement wrapped in `Task.detached { }`.
  case detached
  /// `try` made `try?`: the error is dropped.
  case tryOptional = "try?"
  /// A `guard` deleted.
  case dropGuard = "drop-guard"
  /// An `if` that always runs, or one clause of a condition dropped.
  case dropCondition = "drop-condition"
  /// An actor made a class that guards its synchronous methods with a lock.
  case classWithLock = "class+lock"
  /// An actor made an `@unchecked Sendable` class.
  case uncheckedClass = "class+unchecked"
  /// A stored variable of an isolated type made `nonisolated(unsafe)`.
  case nonisolatedUnsafe = "nonisolated(unsafe)"
  /// A serial queue made concurrent, or work sent to a global (concurrent) queue.
  case concurrentQueue = "concurrent-queue"
}

/// A mutated copy of a solution.
struct Mutant: Sendable, Hashable {
  /// The change made.
  var mutation: MutationOperator
  /// The 1-based line it was made at.
  var line: Int
  /// Where, as the code reads there: the first line of the changed statement, or the two
  /// swapped ones; with ` #2`, ` #3` when the same text occurs again.
  var site: String
  /// The whole mutated file.
  var source: String

  /// What an explanation in the equivalent-mutants file is titled: `swap: a ⇄ b`.
  var key: String { "\(mutation.rawValue): \(site)" }
}
