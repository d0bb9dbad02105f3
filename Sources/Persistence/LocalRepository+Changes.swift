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
  /// durable, updates its cache and publishes ``RepositoryChange/anything``. Nothing runs
  /// while the files do not change, and the watch stops when the last subscriber goes away.
  public func changes() -> RepositoryChanges<T.ID> {
    let changes = feed.subscribe { [weak self] in
      guard let self else { return }
      Task { await self.stopWatchingIfUnused() }
    }
    if watcher == nil {
      let location = worker.store.snapshot.location
      watcher = StoreWatcher(
        directory: location.directory,
        names: [location.filename, location.filename + ".journal"]
      ) { [weak self] in
        self?.scheduleCatchUp()
      }
      // Whatever changed before the watch began is read now, so that a read right after
      // this call sees it: the one place a read waits for the worker's queue.
      worker.runBlocking { worker.catchUpWithOtherWriters() }
    }
    return changes
  }

  /// Asks the actor to read other writers' changes, unless it is already asked.
  nonisolated func scheduleCatchUp() {
    let alreadyScheduled = catchUpIsScheduled.withLock { scheduled in
      defer { scheduled = true }
      return scheduled
    }
    guard !alreadyScheduled else { return }
    Task { await self.catchUpWithOtherWriters() }
  }

  /// Reads the records other writers appended since this repository last looked, on the
  /// worker's queue, and publishes them; see ``StoreWorker/catchUpWithOtherWriters()``.
  func catchUpWithOtherWriters() async {
    catchUpIsScheduled.withLock { $0 = false }
    let worker = worker
    await worker.run { worker.catchUpWithOtherWriters() }
  }

  /// Stops the watch once nobody subscribes any more.
  func stopWatchingIfUnused() {
    guard feed.subscriberCount == 0, let watcher else { return }
    watcher.stop()
    self.watcher = nil
  }
}
