// The watcher never leaves a follower stale: an overflowed queue and a failed set-up still notify.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite struct StoreWatcherTests {
  #if os(Linux)
    /// One `struct inotify_event` as the kernel writes it, in host byte order.
    private func event(descriptor: Int32, mask: UInt32, name: String = "") -> [UInt8] {
      var padded = Array(name.utf8)
      if !padded.isEmpty { padded += Array(repeating: 0, count: 16 - padded.count % 16) }
      var bytes: [UInt8] = []
      withUnsafeBytes(of: descriptor) { bytes += $0 }
      withUnsafeBytes(of: mask) { bytes += $0 }
      withUnsafeBytes(of: UInt32(0)) { bytes += $0 }
      withUnsafeBytes(of: UInt32(padded.count)) { bytes += $0 }
      return bytes + padded
    }

    /// `IN_Q_OVERFLOW` has no name: the events it stands for are lost, any of them could be
    /// the store's, so it calls for a full catch-up.
    @Test func aQueueOverflowCallsForACatchUp() {
      let overflow = event(descriptor: -1, mask: 0x4000)
      #expect(InotifyEvents.concernsStore(overflow[...], names: ["q.json"]))
      let other = event(descriptor: 1, mask: 0x2, name: "other.txt")
      #expect(!InotifyEvents.concernsStore(other[...], names: ["q.json"]))
      let store = event(descriptor: 1, mask: 0x2, name: "q.json")
      #expect(InotifyEvents.concernsStore((other + store)[...], names: ["q.json"]))
    }
  #endif

  /// Where the platform's watch cannot be set up (no descriptors left, the inotify limit
  /// reached), the watcher polls the files instead.
  @Test func aWatcherWhoseNotificationsCannotBeSetUpPollsInstead() async throws {
    let folder = try TemporaryDirectory()
    let calls = Guarded(0)
    let watcher = StoreWatcher(
      directory: folder.url.path, names: ["q.json"], platformWatch: { _, _, _, _ in nil }
    ) {
      calls.withLock { $0 += 1 }
    }
    defer { watcher.stop() }
    try Data("changed".utf8).write(to: folder.appending("q.json"))
    let deadline = ContinuousClock.now + .seconds(5)
    while calls.read({ $0 }) == 0, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(calls.read { $0 } > 0)
  }
}
