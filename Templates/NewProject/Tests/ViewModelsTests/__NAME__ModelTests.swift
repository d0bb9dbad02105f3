// The root model: following every page's store at once, until its task is cancelled.

import FlowKit
import LocalStore
import Models
import Testing
import ViewModels

@MainActor @Suite struct __NAME__ModelTests {
  @Test func followingShowsChangesOnThePagesUntilCancelled() async throws {
    let store = InMemoryRepository<__MODEL__>()
    let model = __NAME__Model.over(store)
    let following = Task { await model.followChanges() }
    let item = __MODEL__(__title__: "Stored elsewhere")
    try await store.save(item)
    for _ in 0..<500 where model.__models__.list.items != [item] {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(model.__models__.list.items == [item])
    following.cancel()
    await following.value  // Returns: every page's loop ends with the task.
  }
}
