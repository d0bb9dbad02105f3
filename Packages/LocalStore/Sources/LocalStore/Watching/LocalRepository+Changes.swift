// The change feed of a store on disk: its own changes, and other writers' as soon as they land.

extension LocalRepository {
  /// The changes to the store from now on, each delivered once durable, in order; see
  /// ``Repository/changes()``.
  ///
  /// Besides this repository's own changes, the sequence carries those of other writers on
  /// the same files, in this process or another: while anyone subscribes, the repository
  /// watches the store's folder (inotify on Linux, a Dispatch source on Apple platforms, a
  /// check of the files' size and identity every 100 ms elsewhere). On a notification it
  /// reads only the journal records it has not seen, under the store's lock, makes them
  /// durable, updates its cache and publishes ``RepositoryChange/anything``. Notifications
  /// that arrive while a catch-up runs are merged into one more. Nothing runs while the files
  /// do not change, and the watch stops when the last subscriber goes away.
  ///
  /// When the files cannot be read (the folder replaced by a file, no descriptor left), the
  /// cache keeps its last good state, subscribers get one change whose
  /// ``RepositoryChange/failure`` says why, and the catch-up is tried again every 200 ms;
  /// once it succeeds, a change without a failure follows.
  public func changes() -> RepositoryChanges<T.ID> {
    let changes = feed.subscribe { [weak self] in
      guard let self else { return }
      Task { await self.stopWatchingIfUnused() }
    }
    if watch == nil {
      let watch = startWatching()
      self.watch = watch
      // Whatever changed before the watch began is read now, so that a read right after
      // this call sees it. This runs on the actor's own queue, never on the pool. When it
      // fails, the watch tries again as after any notification.
      if !catchUpWithOtherWriters() { watch.notify() }
    }
    return changes
  }

  /// Starts watching the files; every notification asks the actor for one catch-up.
  private func startWatching() -> FileFollowing {
    let location = engine.snapshot.location
    return FileFollowing(
      directory: location.directory, names: [location.filename, location.filename + ".journal"]
    ) { [weak self] in
      // A catch-up that fails (no descriptor left, the lock held too long) is reported,
      // then tried again until it succeeds, so that a follower never stays stale in silence.
      while let self, await !self.catchUpWithOtherWriters(), !Task.isCancelled {
        try? await Task.sleep(for: Self.catchUpRetryDelay)
      }
    }
  }

  /// Reads the records other writers appended since this repository last looked, makes them
  /// durable and publishes them; does nothing when there are none.
  ///
  /// - Returns: `false` when the files could not be read (the cache keeps its last good
  ///   state); the watch then tries again after ``catchUpRetryDelay``. Subscribers hear of
  ///   the first failure in a row (``RepositoryChange/failed(_:)``), and of the success
  ///   that ends it.
  @discardableResult
  func catchUpWithOtherWriters() -> Bool {
    let changed: Bool
    do throws(PersistenceError) {
      let replica = replica
      changed = try engine.catchUpWithOtherWriters { !replica.cache.isEmpty }
    } catch {
      if followingFailure == nil { feed.publish(.failed(error)) }
      followingFailure = error
      return false
    }
    let recovered = followingFailure != nil
    followingFailure = nil
    guard changed || recovered else { return true }
    engine.synchronizeWhatOthersWrote()
    feed.publish(.anything)
    return true
  }

  /// How long the watch waits before trying a failed catch-up again.
  static var catchUpRetryDelay: Duration { .milliseconds(200) }

  /// Stops the watch once nobody subscribes any more.
  func stopWatchingIfUnused() {
    guard !feed.hasSubscribers, let watch else { return }
    watch.stop()
    self.watch = nil
    followingFailure = nil
  }
}
