// Notices when other writers touch a store's files: inotify on Linux, Dispatch on Apple platforms.

// A Dispatch source is a thread-safe object, but the Linux overlay of libdispatch declares
// nothing about Sendable, so the compiler cannot tell that one created here may be handed to
// the lock that keeps it (`LockedState`, which takes its value as `sending`).
@preconcurrency import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Calls a handler soon after a store's snapshot or journal changes on disk, whoever changed
/// it, and costs nothing while nothing changes.
///
/// On Linux it watches the store's folder with inotify, not the files: a compaction replaces
/// the snapshot by a rename, which would end a watch on the file itself. On Apple platforms a
/// Dispatch file-system source watches the folder and one more the journal, re-armed whenever
/// the folder changes. Where neither is available it compares the files' size and identity
/// every 100 ms (``PollingWatch``). The handler runs on a private queue; it may be called
/// for the repository's own writes too, and more than once per change.
///
/// A watch on a folder follows that folder, not its path: once the folder is renamed away or
/// removed, it would never see a store made anew at the path. Nor does the system always say
/// so at once: inotify reports a removed folder only when nothing has a file of it open any
/// more, and a writer keeps its lock file open. So once a second the watcher checks that the
/// folder at the path is still the one watched, and when it is not, polls the files at the
/// path from then on.
package final class StoreWatcher: Sendable {
  /// What the watcher runs.
  private enum Sources {
    /// The platform's watch, and the check that its folder is still at the path.
    case watching(platform: any DispatchSourceProtocol, folderCheck: any DispatchSourceProtocol)
    /// The fallback, for good.
    case polling(any DispatchSourceProtocol)
    case stopped

    func cancel() {
      switch self {
      case .watching(let platform, let folderCheck):
        platform.cancel()
        folderCheck.cancel()
      case .polling(let polling): polling.cancel()
      case .stopped: break
      }
    }
  }

  private let sources: LockedState<Sources>

  /// How often the folder watched is compared with the one at the path.
  static let folderCheckInterval = DispatchTimeInterval.seconds(1)

  /// What starts the platform's watch: `nil` when it cannot be set up.
  package typealias PlatformWatch =
    @Sendable (
      _ directory: String, _ names: Set<String>, _ queue: DispatchQueue,
      _ handler: @escaping @Sendable () -> Void
    ) -> (any DispatchSourceProtocol)?

  /// Starts watching the files named `names` in `directory`.
  ///
  /// When the platform's watch cannot be set up (no descriptor left, the inotify limit of
  /// instances or watches reached, no folder yet), it polls the files instead
  /// (``PollingWatch``): a follower is never left stale without a word. `platformWatch` is
  /// for tests, which make it fail.
  package init(
    directory: String, names: Set<String>,
    platformWatch: PlatformWatch = StoreWatcher.platformSource,
    handler: @escaping @Sendable () -> Void
  ) {
    let queue = DispatchQueue(label: "StoreWatcher \(directory)")
    let paths = names.map { directory + "/" + $0 }
    let sources = LockedState(Sources.stopped)
    let pollInstead: @Sendable () -> Void = {
      let switched = sources.withLock { sources -> Bool in
        guard case .watching = sources else { return false }  // Stopped, or polling already.
        sources.cancel()
        sources = .polling(PollingWatch.source(paths: paths, queue: queue, handler: handler))
        return true
      }
      // The files at the path may differ already: one catch-up now.
      if switched { handler() }
    }
    // Set up on the handlers' queue, so that none of them runs before the sources are in place.
    queue.sync {
      let folder = Self.identity(ofFolder: directory)
      sources.withLock { sources in
        if let platform = platformWatch(directory, names, queue, handler) {
          let folderCheck = DispatchSource.makeTimerSource(queue: queue)
          folderCheck.setEventHandler {
            if StoreWatcher.identity(ofFolder: directory) != folder { pollInstead() }
          }
          folderCheck.schedule(
            deadline: .now() + StoreWatcher.folderCheckInterval,
            repeating: StoreWatcher.folderCheckInterval)
          folderCheck.resume()
          sources = .watching(platform: platform, folderCheck: folderCheck)
        } else {
          sources = .polling(PollingWatch.source(paths: paths, queue: queue, handler: handler))
        }
      }
    }
    self.sources = sources
  }

  deinit {
    stop()
  }

  /// Stops watching; the handler is not called after this returns (bar one call under way).
  package func stop() {
    sources.withLock { sources in
      sources.cancel()
      sources = .stopped
    }
  }

  /// The device and inode of the folder at `path`; empty when there is none.
  private static func identity(ofFolder path: String) -> [Int64] {
    Array(PollingWatch.signature(path).prefix(2))
  }

  #if os(Linux)
    /// An inotify watch of `directory`, read by a Dispatch read source; `nil` if inotify
    /// refuses (no more instances or watches allowed). A queue overflow, which names no
    /// file, calls `handler` too, for a full catch-up.
    package static func platformSource(
      directory: String, names: Set<String>, queue: DispatchQueue,
      handler: @escaping @Sendable () -> Void
    ) -> (any DispatchSourceProtocol)? {
      let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else { return nil }
      let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE)
      guard inotify_add_watch(descriptor, directory, mask) >= 0 else {
        close(descriptor)
        return nil
      }
      let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
      source.setEventHandler {
        if InotifyEvents.readAll(from: descriptor, concerning: names) { handler() }
      }
      source.setCancelHandler { close(descriptor) }
      source.resume()
      return source
    }
  #elseif canImport(Darwin)
    /// A Dispatch source on `directory` (files created, renamed or removed) that re-arms a
    /// second one on the journal (appends). Not compiled on Linux, where this package is
    /// built and tested: keep it small.
    package static func platformSource(
      directory: String, names: Set<String>, queue: DispatchQueue,
      handler: @escaping @Sendable () -> Void
    ) -> (any DispatchSourceProtocol)? {
      let folder = open(directory, O_EVTONLY)
      guard folder >= 0 else { return nil }
      let source = DispatchSource.makeFileSystemObjectSource(
        fileDescriptor: folder, eventMask: .write, queue: queue)
      let files = LockedState<[any DispatchSourceProtocol]>([])
      let armFiles: @Sendable () -> Void = {
        files.withLock { sources in
          sources.forEach { $0.cancel() }
          sources = names.compactMap { name in
            let file = open(directory + "/" + name, O_EVTONLY)
            guard file >= 0 else { return nil }
            let fileSource = DispatchSource.makeFileSystemObjectSource(
              fileDescriptor: file, eventMask: [.write, .extend, .delete, .rename], queue: queue)
            fileSource.setEventHandler(handler: handler)
            fileSource.setCancelHandler { close(file) }
            fileSource.resume()
            return fileSource
          }
        }
      }
      source.setEventHandler {
        armFiles()
        handler()
      }
      source.setCancelHandler {
        files.withLock { sources in sources.forEach { $0.cancel() } }
        close(folder)
      }
      armFiles()
      source.resume()
      return source
    }
  #else
    package static func platformSource(
      directory: String, names: Set<String>, queue: DispatchQueue,
      handler: @escaping @Sendable () -> Void
    ) -> (any DispatchSourceProtocol)? {
      nil
    }
  #endif
}
