// Notices when other writers touch a store's files: inotify on Linux, Dispatch on Apple platforms.

import Dispatch
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
final class StoreWatcher: Sendable {
  private let source: LockedState<(any DispatchSourceProtocol)?>

  /// What starts the platform's watch: `nil` when it cannot be set up.
  typealias PlatformWatch =
    (
      _ directory: String, _ names: Set<String>, _ queue: DispatchQueue,
      _ handler: @escaping @Sendable () -> Void
    ) -> (any DispatchSourceProtocol)?

  /// Starts watching the files named `names` in `directory`.
  ///
  /// When the platform's watch cannot be set up (no descriptor left, the inotify limit of
  /// instances or watches reached), it polls the files instead (``PollingWatch``): a follower
  /// is never left stale without a word. `platformWatch` is for tests, which make it fail.
  init(
    directory: String, names: Set<String>,
    platformWatch: PlatformWatch = StoreWatcher.platformSource,
    handler: @escaping @Sendable () -> Void
  ) {
    let queue = DispatchQueue(label: "StoreWatcher \(directory)")
    let started =
      platformWatch(directory, names, queue, handler)
      ?? PollingWatch.source(
        paths: names.map { directory + "/" + $0 }, queue: queue, handler: handler)
    source = LockedState(started)
  }

  deinit {
    stop()
  }

  /// Stops watching; the handler is not called after this returns (bar one call under way).
  func stop() {
    source.withLock { source in
      source?.cancel()
      source = nil
    }
  }

  #if os(Linux)
    /// An inotify watch of `directory`, read by a Dispatch read source; `nil` if inotify
    /// refuses (no more instances or watches allowed). A queue overflow, which names no
    /// file, calls `handler` too, for a full catch-up.
    static func platformSource(
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
    static func platformSource(
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
    static func platformSource(
      directory: String, names: Set<String>, queue: DispatchQueue,
      handler: @escaping @Sendable () -> Void
    ) -> (any DispatchSourceProtocol)? {
      nil
    }
  #endif
}
