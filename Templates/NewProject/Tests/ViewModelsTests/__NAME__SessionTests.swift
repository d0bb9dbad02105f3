// The SwiftUI app's session: opening off the main thread, failing and trying again, syncing in the background.

import FlowKit
import Foundation
import LocalStore
import LocalStoreTestSupport
import Models
import Persistence
import Testing
import ViewModels

@MainActor @Suite(.timeLimit(.minutes(2))) struct __NAME__SessionTests {
  // store: journal
  /// The lock file of the first page's store in `folder`: `<store>.lock`, beside it.
  func lockFile(in folder: TemporaryDirectory) -> URL {
    folder.appending(__MODEL__PageModel.storeFilename + ".lock")
  }

  /// Another process holds the store's lock: the open waits for it on a queue of the
  /// store's own, and the main actor goes on with other work meanwhile. With a synchronous
  /// `LocalRepository(...)` on the main actor instead, the main actor would wait in `flock`
  /// until the lock timed out, and the open would fail.
  @Test func openingWaitsOffTheMainActorWhileAnotherProcessHoldsTheLock() async throws {
    let folder = try TemporaryDirectory(prefix: "__NAME__Tests")
    let holder = try LockHoldingProcess(locking: lockFile(in: folder))
    var configuration = StoreConfiguration()
    configuration.lockTimeout = .seconds(30)
    let session = __NAME__Session(folder: folder.url, configuration: configuration)
    let opening = Task { await session.open() }

    // Work of the main actor's, done while the open waits for the other process.
    let other = __MODEL__ListViewModel(
      repository: InMemoryRepository([__MODEL__(__title__: "Drawn meanwhile")]))
    for _ in 0..<10 { await Task.yield() }
    await other.load()
    #expect(other.items.map(\.__title__) == ["Drawn meanwhile"])
    guard case .opening = session.phase else {
      Issue.record("the open did not wait for the other process: \(session.phase)")
      return
    }

    holder.release()
    await opening.value
    guard case .open(let model) = session.phase else {
      Issue.record("expected the store open once the lock was let go, got \(session.phase)")
      return
    }
    #expect(model.__models__.list.items.isEmpty)
  }

  @Test func aLockHeldTooLongFailsWithASentenceAndTryingAgainOpens() async throws {
    let folder = try TemporaryDirectory(prefix: "__NAME__Tests")
    let holder = try LockHoldingProcess(locking: lockFile(in: folder))
    var configuration = StoreConfiguration()
    configuration.lockTimeout = .milliseconds(50)
    let session = __NAME__Session(folder: folder.url, configuration: configuration)
    await session.open()
    guard case .failed(let message) = session.phase else {
      Issue.record("expected a failure, got \(session.phase)")
      return
    }
    #expect(message.contains(__MODEL__PageModel.storeFilename), "\(message)")

    holder.release()
    await session.retry().value
    guard case .open = session.phase else {
      Issue.record("expected the store open on the second try, got \(session.phase)")
      return
    }
  }

  @Test func everyWindowWaitsForTheOneOpen() async throws {
    let folder = try TemporaryDirectory(prefix: "__NAME__Tests")
    let holder = try LockHoldingProcess(locking: lockFile(in: folder))
    let session = __NAME__Session(folder: folder.url)
    let firstWindow = Task { await session.open() }
    let secondWindow = Task { await session.open() }
    await Task.yield()
    holder.release()
    await firstWindow.value
    await secondWindow.value
    let model = try #require(session.model)
    await session.open()  // A third window, after the open: the same model.
    #expect(session.model === model)
  }

  // store: end
  @Test func goingToTheBackgroundSyncsWhatWasSaved() async throws {
    let store = RecordingRepository<__MODEL__>()
    let session = __NAME__Session { __NAME__Model.over(store) }
    #expect(session.sceneDidEnterBackground() == nil)  // Nothing open yet.
    await session.open()
    let model = try #require(session.model)
    #expect(await model.__models__.list.add(__MODEL__(__title__: "Saved before the background")))
    await session.sceneDidEnterBackground()?.value
    #expect(await store.synchronizeCount == 1)
    #expect(await store.changesSynchronized == 1)
  }

  /// A store that syncs its journal at most an hour after a save: going to the background
  /// syncs it now. (A reopen reads the page cache, so it cannot tell a synced journal from
  /// one that is not; the recording test above shows the sync is asked for.)
  @Test func aLossyStoreSyncsWhenTheAppGoesToTheBackground() async throws {
    let folder = try TemporaryDirectory(prefix: "__NAME__Tests")
    var configuration = StoreConfiguration()
    configuration.durability = .lossyOnPowerCut(syncWithin: .seconds(3600))
    let session = __NAME__Session(folder: folder.url, configuration: configuration)
    await session.open()
    let model = try #require(session.model)
    let item = __MODEL__(__title__: "Kept past a power cut")
    #expect(await model.__models__.list.add(item))
    await session.sceneDidEnterBackground()?.value
    #expect(model.__models__.list.errorMessage == nil)
    let reopened = try await __MODEL__Store.open(in: folder.url).repository
    #expect(await reopened.find(by: item.id) == item)
  }
}
