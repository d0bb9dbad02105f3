// The __model__ list view model on an in-memory store and on a real store in a temporary folder.

import FlowKit
import Foundation
import LocalStore
import LocalStoreTestSupport
import Models
import Observation
import Persistence
import Testing
import ViewModels

@MainActor @Suite struct __MODEL__ListViewModelTests {
  @Test(arguments: StoreKind.allCases)
  func addedValuesAppearInOrder(kind: StoreKind) async throws {
    let (store, folder) = try await kind.makeStore(of: __MODEL__.self)
    defer { withExtendedLifetime(folder) {} }
    let list = __MODEL__ListViewModel(repository: store)
    await list.load()
    #expect(list.items.isEmpty)
    let first = __MODEL__(__title__: "First")
    let second = __MODEL__(__title__: "Second")
    #expect(await list.add(first))
    #expect(await list.add(second))
    #expect(list.items == [first, second])
    #expect(list.totalCount == 2)
    #expect(list.errorMessage == nil)
  }

  @Test(arguments: StoreKind.allCases)
  func removeDeletesFromTheStore(kind: StoreKind) async throws {
    let (store, folder) = try await kind.makeStore(of: __MODEL__.self)
    defer { withExtendedLifetime(folder) {} }
    let list = __MODEL__ListViewModel(repository: store)
    let kept = __MODEL__(__title__: "Kept")
    let gone = __MODEL__(__title__: "Gone")
    await list.add(kept)
    await list.add(gone)
    #expect(await list.remove(gone.id))
    #expect(list.items == [kept])
    #expect(await store.loadAll() == [kept])
  }

  @Test func aLocalStoreKeepsValuesAcrossReopening() async throws {
    let folder = try TemporaryDirectory(prefix: "__NAME__Tests")
    // fields: tests-full-value
    let item = __MODEL__(__title__: "Lasting", notes: "on disk", tags: ["a"])
    // fields: end
    let list = __MODEL__ListViewModel(
      repository: try await __MODEL__Store.open(in: folder.url).repository)
    #expect(await list.add(item))
    let reopened = __MODEL__ListViewModel(
      repository: try await __MODEL__Store.open(in: folder.url).repository)
    await reopened.load()
    #expect(reopened.items == [item])
  }

  // fields: default-only
  @Test func searchAndTagFilterTheItemsButNotTheCount() async {
    let soup = __MODEL__(__title__: "Tomato soup", tags: ["quick"])
    let bread = __MODEL__(__title__: "Bread", notes: "slow rise", tags: ["slow"])
    let list = __MODEL__ListViewModel(repository: InMemoryRepository([soup, bread]))
    await list.load()
    list.searchText = "SOUP"
    #expect(list.items == [soup])
    list.searchText = "rise"
    #expect(list.items == [bread])
    list.searchText = ""
    list.tag = "quick"
    #expect(list.items == [soup])
    #expect(list.totalCount == 2)
  }
  // fields: end

  @Test func aRefusedWriteBecomesTheErrorMessageAndChangesNothing() async {
    let store = InMemoryRepository<__MODEL__>()
    let list = __MODEL__ListViewModel(repository: store)
    await store.failWrites(with: RefusedWrite())
    #expect(await list.add(__MODEL__(__title__: "Lost")) == false)
    #expect(list.errorMessage == "The disk is full.")
    #expect(list.items.isEmpty)
    await store.failWrites(with: nil)
    #expect(await list.add(__MODEL__(__title__: "Kept")))
    #expect(list.errorMessage == nil)
  }

  @Test(arguments: StoreKind.allCases)
  func followingShowsAChangeMadeThroughAnotherViewModel(kind: StoreKind) async throws {
    let (store, folder) = try await kind.makeStore(of: __MODEL__.self)
    defer { withExtendedLifetime(folder) {} }
    let shown = __MODEL__ListViewModel(repository: store)
    let following = Task { await shown.followChanges() }
    defer { following.cancel() }
    let other = __MODEL__ListViewModel(repository: store)
    let item = __MODEL__(__title__: "From elsewhere")
    #expect(await other.add(item))
    try await waitUntil { shown.items == [item] }
  }

  @Test func followingShowsAChangeFromAnotherRepositoryOnTheSameFiles() async throws {
    let folder = try TemporaryDirectory(prefix: "__NAME__Tests")
    let shown = __MODEL__ListViewModel(
      repository: try await __MODEL__Store.open(in: folder.url).repository)
    let following = Task { await shown.followChanges() }
    defer { following.cancel() }
    let writer = try await __MODEL__Store.open(in: folder.url).repository
    let item = __MODEL__(__title__: "Another window")
    try await writer.save(item)
    try await waitUntil { shown.items == [item] }
  }
  // store: journal

  /// The store's folder is replaced by a file: the list says that it no longer shows changes
  /// made elsewhere, naming the folder, until a store is back there. An action's own error
  /// is not cleared by followed changes.
  @Test func followingSaysWhenItCannotReadTheFilesUntilItCan() async throws {
    let parent = try TemporaryDirectory(prefix: "__NAME__Tests")
    let folder = parent.appending("data")
    let item = __MODEL__(__title__: "Kept")
    try await __MODEL__Store.open(in: folder).repository.save(item)
    let shown = __MODEL__ListViewModel(
      repository: try await __MODEL__Store.open(in: folder).repository)
    let following = Task { await shown.followChanges() }
    defer { following.cancel() }
    try await waitUntil { shown.items == [item] }

    try await removeEntirely(folder)
    try Data("not a folder".utf8).write(to: folder)
    try await waitUntil { shown.errorMessage != nil }
    let message = try #require(shown.errorMessage)
    #expect(message.hasPrefix("Changes made elsewhere are not shown: "), "\(message)")
    #expect(message.contains(folder.path), "\(message)")

    try FileManager.default.removeItem(at: folder)
    try await __MODEL__Store.open(in: folder).repository.save(item)
    try await waitUntil { shown.errorMessage == nil && shown.items == [item] }
  }
  // store: end

  @Test func followingKeepsTheErrorOfAnAction() async throws {
    let first = __MODEL__(__title__: "Loaded first")
    let store = InMemoryRepository<__MODEL__>([first])
    let shown = __MODEL__ListViewModel(repository: store)
    let following = Task { await shown.followChanges() }
    defer { following.cancel() }
    try await waitUntil { shown.items == [first] }  // Following has loaded.
    await store.failWrites(with: RefusedWrite())
    #expect(await shown.add(__MODEL__(__title__: "Lost")) == false)
    await store.failWrites(with: nil)
    let item = __MODEL__(__title__: "From elsewhere")
    try await store.save(item)
    try await waitUntil { shown.items == [first, item] }
    #expect(shown.errorMessage == "The disk is full.")
  }

  @Test func followingEndsWhenItsTaskIsCancelled() async {
    let list = __MODEL__ListViewModel(repository: InMemoryRepository<__MODEL__>())
    let following = Task { await list.followChanges() }
    following.cancel()
    await following.value  // Returns: a loop that outlived its task would hang here.
  }

  @Test func anEditSavesOnlyOverTheVersionItStartedFrom() async throws {
    let original = __MODEL__(__title__: "Soup")
    let store = InMemoryRepository([original])
    let list = __MODEL__ListViewModel(repository: store)
    await list.load()
    var theirs = original
    theirs.__title__ = "Their notes"
    try await store.save(theirs)
    var mine = original
    mine.__title__ = "Better soup"
    #expect(await list.save(mine, ifUnchangedSince: original) == .conflict(current: theirs))
    #expect(await store.loadAll() == [theirs])
    #expect(await list.save(mine, ifUnchangedSince: theirs) == .saved)
    #expect(list.items == [mine])
    try await store.delete(mine.id)
    #expect(await list.save(mine, ifUnchangedSince: mine) == .conflict(current: nil))
    #expect(await store.loadAll().isEmpty)
  }

  @Test func twoScreensFollowingOneListSubscribeOnceAndHandOver() async throws {
    let store = RecordingRepository<__MODEL__>()
    let list = __MODEL__ListViewModel(repository: store)
    let first = Task { await list.followChanges() }
    try await waitUntil { list.isFollowingChanges }
    let second = Task { await list.followChanges() }
    let seen = __MODEL__(__title__: "Seen by both windows")
    try await store.save(seen)
    try await waitUntil { list.items == [seen] }
    #expect(await store.subscriptionCount == 1)

    // The first window closes: the second takes over, with a subscription of its own.
    first.cancel()
    await first.value
    for _ in 0..<3_000 where await store.subscriptionCount < 2 {
      try await Task.sleep(for: .milliseconds(10))
    }
    try await waitUntil { list.isFollowingChanges }
    let later = __MODEL__(__title__: "Seen after the hand-over")
    try await store.save(later)
    try await waitUntil { list.items == [seen, later] }
    #expect(await store.subscriptionCount == 2)

    second.cancel()
    await second.value
    #expect(!list.isFollowingChanges)
  }

  @Test func isFollowingChangesIsTrueExactlyWhileTheOneSubscriptionRuns() async throws {
    let store = RecordingRepository<__MODEL__>()
    let list = __MODEL__ListViewModel(repository: store)
    #expect(!list.isFollowingChanges)
    let first = Task { await list.followChanges() }
    try await waitUntil { list.isFollowingChanges }
    // A second window comes and goes while the first still follows: still live.
    let second = Task { await list.followChanges() }
    await Task.yield()
    second.cancel()
    await second.value
    #expect(list.isFollowingChanges)
    let item = __MODEL__(__title__: "Still shown")
    try await store.save(item)
    try await waitUntil { list.items == [item] }
    #expect(await store.subscriptionCount == 1)

    first.cancel()
    await first.value
    #expect(!list.isFollowingChanges)
  }

  // fields: default-only
  /// A change made elsewhere keeps the search and the tag, and reaches an observer (a
  /// front end redrawing) as one change.
  @available(macOS 26, iOS 26, *)
  @Test func aFollowedChangeKeepsSearchAndTagAndIsOneObservableChange() async throws {
    let store = InMemoryRepository([
      __MODEL__(__title__: "Soup of the day", tags: ["lunch"]),
      __MODEL__(__title__: "Soup for later", tags: ["other"]),
    ])
    let shown = __MODEL__ListViewModel(repository: store)
    let following = Task { await shown.followChanges() }
    defer { following.cancel() }
    try await waitUntil { shown.isFollowingChanges }
    shown.searchText = "soup"
    shown.tag = "lunch"
    #expect(shown.items.count == 1)
    let recorder = ObservationRecorder(
      Observations { "\(shown.totalCount) \(shown.items.count)" })
    await recorder.waitForCount(1)
    try await store.save(__MODEL__(__title__: "Soup again", tags: ["lunch"]))
    try await waitUntil { shown.totalCount == 3 }
    await recorder.settle()
    #expect(recorder.values == ["2 1", "3 2"])
    #expect(shown.searchText == "soup")
    #expect(shown.tag == "lunch")
  }
  // fields: end

  @Test func aFailedSyncBecomesTheErrorMessage() async {
    let store = RecordingRepository<__MODEL__>()
    let list = __MODEL__ListViewModel(repository: store)
    #expect(await list.synchronize())
    await store.failSynchronize(with: RefusedWrite())
    #expect(await list.synchronize() == false)
    #expect(list.errorMessage == "The disk is full.")
  }

  /// Waits for `condition`, checking every 10 ms; after 30 s, a guard against a hang, records
  /// an issue. Only how long a failure takes to show depends on it: `make test` may run on a
  /// loaded machine.
  /// Removes `folder` and what it holds. The list following the store may take the store's
  /// lock meanwhile, creating its lock file again between the removal's listing of the folder
  /// and the folder's own removal, which then fails with EPERM: the removal is tried again
  /// until the folder is gone.
  private func removeEntirely(_ folder: URL) async throws {
    for _ in 0..<100 {
      do {
        try FileManager.default.removeItem(at: folder)
        return
      } catch {
        guard FileManager.default.fileExists(atPath: folder.path) else { return }
      }
      try await Task.sleep(for: .milliseconds(10))
    }
    try FileManager.default.removeItem(at: folder)
  }

  private func waitUntil(
    _ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    for _ in 0..<3_000 {
      if condition() { return }
      try await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("Timed out waiting for the condition", sourceLocation: sourceLocation)
  }
}
