// The stores one run of a program opened, synchronized together before the run ends.

/// Keeps every repository a run opens, so that the run can make what it saved durable before
/// the process exits.
///
/// A store configured with ``Durability/lossyOnPowerCut(syncWithin:)`` acknowledges a save
/// before it is synced; ``Repository/synchronize()`` returns once every acknowledged save is.
/// A command-line tool's runner calls ``synchronize()`` after each command and after its
/// full-screen mode ends, whichever way it ends (`q`, Ctrl-C, SIGTERM, SIGHUP, a terminal
/// error), so that no exit path leaves an acknowledged save unsynced.
public final class OpenedStores {
  /// The repositories opened so far, in order.
  public private(set) var repositories: [any Repository] = []

  /// An empty set.
  public init() {}

  /// Records `repository` and returns it, for use in an expression.
  @discardableResult
  public func keep<Item>(_ repository: any Repository<Item>) -> any Repository<Item> {
    repositories.append(repository)
    return repository
  }

  /// Synchronizes every repository kept, each even when an earlier one fails.
  ///
  /// - Throws: The first failure: its store's changes may not all be durable.
  public func synchronize() async throws {
    var failure: (any Error)?
    for repository in repositories {
      do {
        try await repository.synchronize()
      } catch {
        failure = failure ?? error
      }
    }
    if let failure { throw failure }
  }
}
