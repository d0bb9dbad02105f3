// The stores one run opened, synchronized together before the run ends.

import Persistence

/// Keeps every repository a run opens, so that the run can make what it saved durable before
/// the process exits.
///
/// A store configured with ``Durability/lossyOnPowerCut(syncWithin:)`` acknowledges a save
/// before it is synced; ``Repository/synchronize()`` returns once every acknowledged save is.
/// ``CommandRunner`` calls ``synchronize()`` after each command and after the full-screen mode
/// ends, whichever way it ends (`q`, Ctrl-C, SIGTERM, SIGHUP, a terminal error), so that no
/// exit path leaves an acknowledged save unsynced.
final class OpenedStores {
  /// The repositories opened so far, in order.
  private(set) var repositories: [any Repository] = []
  /// How many times ``synchronize()`` ran over them, for tests.
  private(set) var synchronizations = 0

  /// Records `repository` and returns it, for use in an expression.
  @discardableResult
  func keep<Item>(_ repository: any Repository<Item>) -> any Repository<Item> {
    repositories.append(repository)
    return repository
  }

  /// Synchronizes every repository kept, each even when an earlier one fails.
  ///
  /// - Throws: ``AppError`` for the first failure: its store's changes may not all be durable.
  func synchronize() async throws(AppError) {
    synchronizations += 1
    var failure: AppError?
    for repository in repositories {
      do {
        try await repository.synchronize()
      } catch {
        failure = failure ?? .store(error)
      }
    }
    if let failure { throw failure }
  }
}
