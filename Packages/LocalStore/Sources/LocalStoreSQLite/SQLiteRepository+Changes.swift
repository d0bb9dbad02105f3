// The change feed of a SQLite store: its own changes, and other connections' commits.

import Foundation
import LocalStore

extension SQLiteRepository {
  /// The changes to the store from now on, in order; see ``/LocalStore/Repository/changes()``.
  ///
  /// This repository's own changes come with their IDs once committed. Other connections'
  /// commits, in this process or another, come as ``/LocalStore/RepositoryChange/anything``:
  /// while anyone subscribes, the repository watches the database and its write-ahead log
  /// (`StoreWatcher`: inotify on Linux, a Dispatch source on Apple platforms, a check every
  /// 100 ms elsewhere), and on each notification compares SQLite's `PRAGMA data_version`
  /// with the value it last read.
  ///
  /// Why both: `data_version` is exact (it changes when, and only when, another connection
  /// committed, and costs one call that reads no page) but must be asked; the watch is what
  /// asks, and costs nothing while nothing is written. The watch alone would not do: a write
  /// to the log says that a transaction is under way, not that it committed, and the
  /// commit itself (the log's index in `-shm`, shared memory) is a change no file watch
  /// reports. So after a notification with no new commit yet the repository asks again a
  /// few times over about a second, for the writer's `fsync` and index update to finish.
  public func changes() -> RepositoryChanges<Item.ID> {
    let changes = feed.subscribe { [weak self] in
      guard let self else { return }
      Task { await self.stopWatchingIfUnused() }
    }
    if watch == nil {
      watch = startWatching()
      // A commit made before the watch began is read now.
      catchUpWithOtherWriters()
    }
    return changes
  }

  /// How long after a notification the repository asks `data_version` again while it has not
  /// changed: from right away to about a second and a half later in all.
  static var recheckDelays: [Duration] {
    [
      .zero, .milliseconds(5), .milliseconds(20), .milliseconds(80), .milliseconds(300),
      .milliseconds(1000),
    ]
  }

  /// Starts watching the database and its log; every notification asks the actor to check
  /// `data_version`, again after each of ``recheckDelays`` until a commit shows.
  private func startWatching() -> FileFollowing {
    FileFollowing(
      directory: location.directory, names: [location.filename, location.filename + "-wal"]
    ) { [weak self] in
      for delay in Self.recheckDelays {
        if delay > .zero { try? await Task.sleep(for: delay) }
        guard let self, !Task.isCancelled else { return }
        if await self.catchUpWithOtherWriters() { break }
      }
    }
  }

  /// Reads `PRAGMA data_version` and publishes ``/LocalStore/RepositoryChange/anything`` when
  /// another connection committed since the last read; returns whether one had.
  ///
  /// A failed read is published once as ``/LocalStore/RepositoryChange/failed(_:)``; the
  /// next success publishes a change without a failure.
  @discardableResult
  func catchUpWithOtherWriters() -> Bool {
    let version: Int64
    do {
      version = try connection.readInteger("PRAGMA data_version")
    } catch {
      let failure = error.persistenceError(
        for: fileURL, writing: false, lockTimeout: configuration.lockTimeout)
      if followingFailure == nil { feed.publish(.failed(failure)) }
      followingFailure = failure
      return false
    }
    let recovered = followingFailure != nil
    followingFailure = nil
    let changed = version != dataVersion
    dataVersion = version
    if changed || recovered { feed.publish(.anything) }
    return changed
  }

  /// Stops the watch once nobody subscribes any more.
  func stopWatchingIfUnused() {
    guard !feed.hasSubscribers, let watch else { return }
    watch.stop()
    self.watch = nil
    followingFailure = nil
  }
}
