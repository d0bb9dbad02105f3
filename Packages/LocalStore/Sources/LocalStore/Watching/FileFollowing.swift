// The watch of a store's files while anyone follows its changes, for every kind of store.

/// A ``StoreWatcher`` on a store's files, and the task that turns its notifications into one
/// reaction at a time: notifications that arrive while a reaction runs are merged into one
/// more, and nothing runs while the files do not change.
///
/// Both stores on disk follow other writers this way and differ only in their reaction: the
/// journal store reads the records it has not seen, the SQLite store asks `data_version`.
package struct FileFollowing: Sendable {
  private let watcher: StoreWatcher
  private let notifications: AsyncStream<Void>.Continuation
  private let following: Task<Void, Never>

  /// Watches the files `names` in `directory` and calls `react` after each change to them,
  /// one call at a time, until ``stop()``.
  package init(
    directory: String, names: Set<String>, react: @escaping @Sendable () async -> Void
  ) {
    let (stream, notify) = AsyncStream.makeStream(
      of: Void.self, bufferingPolicy: .bufferingNewest(1))
    watcher = StoreWatcher(directory: directory, names: names) { notify.yield() }
    notifications = notify
    following = Task {
      for await _ in stream { await react() }
    }
  }

  /// Asks for one more reaction, as a change to the files would.
  package func notify() {
    notifications.yield()
  }

  /// Stops the watch and the reactions; one under way finishes its current step.
  package func stop() {
    watcher.stop()
    notifications.finish()
    following.cancel()
  }
}
