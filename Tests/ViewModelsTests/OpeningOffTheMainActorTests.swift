// A store another process holds locked opens off the main actor, which goes on with its work.

import FlowKit
import LocalStore
import LocalStoreTestSupport
import Models
import Testing
import ViewModels

@MainActor @Suite(.timeLimit(.minutes(2))) struct OpeningOffTheMainActorTests {
  /// What a front end shows while it opens: nothing yet, then the list.
  @MainActor final class Screen {
    var list: QuestionListViewModel?
  }

  /// The way a front end on the main actor opens its store: `LocalRepository.open` waits for
  /// the other process's lock on a queue of the store's own. With the synchronous
  /// `LocalRepository(...)` the main actor would wait in `flock` until the lock timed out.
  @Test func aListOpensOnceTheOtherProcessLetsGoAndTheMainActorRunsMeanwhile() async throws {
    let folder = try TemporaryDirectory()
    let holder = try LockHoldingProcess(locking: folder.appending("q.json.lock"))
    var configuration = StoreConfiguration()
    configuration.lockTimeout = .seconds(90)
    let screen = Screen()
    let opening = Task {
      let store = try await LocalRepository<Question>.open(
        directory: folder.url, filename: "q.json", configuration: configuration)
      let list = QuestionListViewModel(repository: store)
      await list.load()
      screen.list = list
    }

    // Work of the main actor's, done while the open waits for the other process.
    let other = QuestionListViewModel(
      repository: InMemoryRepository([Question(prompt: "Drawn meanwhile", answer: "a")]))
    for _ in 0..<10 { await Task.yield() }
    await other.load()
    #expect(other.items.map(\.prompt) == ["Drawn meanwhile"])
    #expect(screen.list == nil)

    holder.release()
    try await opening.value
    #expect(screen.list?.items.isEmpty == true)
  }
}
