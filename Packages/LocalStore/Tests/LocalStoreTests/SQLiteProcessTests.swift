// The SQLite store shared by real processes: writers wait their turn, followers hear of every
// commit, and a failing fsync is reported as what it is.

import Dispatch
import Foundation
import LocalStoreSQLite
import LocalStoreTestSupport
import Testing

@testable import LocalStore

// The limit is what ends the follower's test if a commit is never heard of; it is long, as
// child processes wait for a slot (one per core) behind the rest of the suite's.
@Suite(.timeLimit(.minutes(10))) struct SQLiteProcessTests {
  /// Two processes saving into one database at once: each waits for the other's write lock
  /// (`busy_timeout`) instead of failing, and no save of either is lost. This process holds
  /// the write lock while they start, so that both meet it at their first save.
  @Test func twoWriterProcessesSavingAtOnceKeepEverySave() async throws {
    let folder = try TemporaryDirectory(prefix: "SQLiteTwoWriters")
    let path = folder.url.path
    let holder = try await SQLiteRepository<Note>.open(
      directory: folder.url, filename: "q.sqlite")
    let holding = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let hold = Task {
      try await holder.save(Note(title: "held", text: "a")) { _ in
        holding.signal()
        release.wait()
        return true
      }
    }
    try await onOwnThread { holding.wait() }
    async let first = onOwnThread {
      try ChildProcess.runBlocking(storeWriter, ["sqlite-save", path, "300", "first"])
    }
    async let second = onOwnThread {
      try ChildProcess.runBlocking(storeWriter, ["sqlite-save", path, "300", "second"])
    }
    // Not a measurement: time for both to start and wait; on a slow machine they wait less.
    try await Task.sleep(for: .seconds(1))
    release.signal()
    #expect(try await hold.value)
    let results = try await [first, second]
    for result in results {
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.standardError.isEmpty)
    }
    let acknowledged = results.map { acknowledgedIDs(in: $0.standardOutput) }
    #expect(acknowledged.map(\.count) == [300, 300])

    let stored = await holder.loadAll()
    #expect(stored.count == 601)
    #expect(await holder.count() == 601)
    let storedIDs = Set(stored.map(\.id))
    #expect(acknowledged.joined().allSatisfy { storedIDs.contains($0) })
    for prefix in ["first", "second"] {
      let prompts = stored.map(\.title).filter { $0.hasPrefix(prefix + " ") }
      #expect(prompts == (0..<300).map { "\(prefix) \($0)" })
    }
  }

  /// A repository that follows the store hears of another process's saves, without doing
  /// anything, and reads them.
  @Test func aFollowerHearsEverySaveOfAnotherProcess() async throws {
    let folder = try TemporaryDirectory(prefix: "SQLiteFollower")
    let follower = try await SQLiteRepository<Note>.open(
      directory: folder.url, filename: "q.sqlite")
    var changes = await follower.changes().makeAsyncIterator()
    let writer = try await ChildProcess.run(
      storeWriter, ["sqlite-save", folder.url.path, "20", "other"])
    #expect(writer.status == 0, "\(writer.standardError)")
    let acknowledged = acknowledgedIDs(in: writer.standardOutput)
    try #require(acknowledged.count == 20)
    // Every change is "anything"; the loop ends when the follower holds the last save, or at
    // the suite's time limit if a commit is never heard of.
    while await follower.find(by: acknowledged[19]) == nil {
      #expect(try #require(await changes.next()) == .anything)
    }
    #expect(await follower.loadAll().map(\.id) == acknowledged)
  }

  /// With every sync failing, durable saves fail (`synchronous=FULL` syncs at each commit),
  /// lossy ones succeed (`NORMAL` does not, once the log has begun) and their
  /// ``Repository/synchronize()`` fails: the level asked for is the level the process runs
  /// with, seen at the system call.
  @Test(.enabled(if: FsyncFailureShim.canBuild, "no C compiler (cc) to build the fsync shim"))
  func durableSavesSyncAtEachCommitAndLossyOnesOnlyWhenAsked() async throws {
    let scratch = try TemporaryDirectory(prefix: "SQLiteSyncLevels")
    let shim = try await FsyncFailureShim.build(in: scratch.url)
    let folder = scratch.appending("store")
    // SQLite syncs its log's header when the log starts (over), at any level: kept open here
    // with a commit in it, the log goes on, and the children's commits sync only as asked.
    let keeper = try await SQLiteRepository<Note>.open(directory: folder, filename: "q.sqlite")
    try await keeper.save(Note(title: "first", text: "a"))
    let failing = FsyncFailureShim.environment(shim, failingUnder: folder)

    let durable = try await ChildProcess.run(
      storeWriter, ["sqlite-save-through", folder.path, "5", "durable"], environment: failing)
    #expect(durable.status == 0, "\(durable.standardError)")
    #expect(acknowledgedIDs(in: durable.standardOutput).isEmpty, "\(durable.standardOutput)")
    #expect(durable.standardOutput.split(separator: "\n").count == 5)

    let lossy = try await ChildProcess.run(
      storeWriter, ["sqlite-save-through-relaxed", folder.path, "5", "lossy"],
      environment: failing)
    #expect(lossy.status == 0, "\(lossy.standardError)")
    #expect(acknowledgedIDs(in: lossy.standardOutput).count == 5, "\(lossy.standardOutput)")
    #expect(lossy.standardOutput.contains("fail sync"), "\(lossy.standardOutput)")
    #expect(await keeper.count() == 6)
  }

  /// A commit whose sync failed is in SQLite's log, and the next process to open the store
  /// finds it there if the writer ends before writing again: so the writer must not say that
  /// the change was not saved. Here the writer ends at once after its first failed save.
  @Test(.enabled(if: FsyncFailureShim.canBuild, "no C compiler (cc) to build the fsync shim"))
  func aSaveWhoseSyncFailedIsNeverReportedAsNotSaved() async throws {
    let scratch = try TemporaryDirectory(prefix: "SQLiteFailedSync")
    let shim = try await FsyncFailureShim.build(in: scratch.url)
    let folder = scratch.appending("store")
    _ = try await SQLiteRepository<Note>.open(directory: folder, filename: "q.sqlite")

    let writer = try await ChildProcess.run(
      storeWriter, ["sqlite-save-until-failure", folder.path, "20", "shim"],
      environment: FsyncFailureShim.environment(shim, failingEvery: 3))
    #expect(writer.status == 0, "\(writer.standardError)")
    let acknowledged = acknowledgedIDs(in: writer.standardOutput)
    let failure = try #require(
      writer.standardOutput.split(separator: "\n").first { $0.hasPrefix("fail ") })
    let failedID = try #require(UUID(uuidString: String(failure.split(separator: " ")[1])))

    let reread = try await ChildProcess.run(storeWriter, ["sqlite-ids", folder.path])
    #expect(reread.status == 0, "\(reread.standardError)")
    let stored = acknowledgedIDs(in: reread.standardOutput)
    #expect(Array(stored.prefix(acknowledged.count)) == acknowledged)
    #expect(stored.count <= acknowledged.count + 1)
    if stored.contains(failedID) {
      #expect(failure.contains("may have been saved"), "\(failure)")
    }
  }
}
