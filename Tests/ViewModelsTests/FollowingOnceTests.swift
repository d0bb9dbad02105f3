// Two screens following one list subscribe once, and the list stays live while either follows.

import FlowKit
import LocalStore
import Models
import Testing
import ViewModels

@MainActor @Suite(.timeLimit(.minutes(1))) struct FollowingOnceTests {
  /// Waits, without a fixed sleep, until `condition` holds or about 10 s passed.
  func eventually(_ condition: () async -> Bool) async -> Bool {
    for _ in 0..<10_000 {
      if await condition() { return true }
      try? await Task.sleep(for: .milliseconds(1))
    }
    return await condition()
  }

  @Test func twoScreensFollowingOneListSubscribeOnceAndHandOver() async throws {
    let repository = RecordingRepository<Question>()
    let list = QuestionListViewModel(repository: repository)
    let first = Task { await list.followChanges() }
    #expect(await eventually { list.isFollowingChanges })
    let second = Task { await list.followChanges() }
    let seen = Question(prompt: "Seen by both screens", answer: "a")
    try await repository.save(seen)
    #expect(await eventually { list.items == [seen] })
    #expect(await repository.subscriptionCount == 1)

    // The first screen goes away: the second takes over, with a subscription of its own.
    first.cancel()
    await first.value
    #expect(await eventually { await repository.subscriptionCount == 2 })
    #expect(await eventually { list.isFollowingChanges })
    let later = Question(prompt: "Seen after the hand-over", answer: "a")
    try await repository.save(later)
    #expect(await eventually { list.items == [seen, later] })
    #expect(await repository.subscriptionCount == 2)

    second.cancel()
    await second.value
    #expect(!list.isFollowingChanges)
  }

  @Test func isFollowingChangesIsTrueExactlyWhileTheOneSubscriptionRuns() async throws {
    let repository = RecordingRepository<Question>()
    let list = QuestionListViewModel(repository: repository)
    #expect(!list.isFollowingChanges)
    let first = Task { await list.followChanges() }
    #expect(await eventually { list.isFollowingChanges })
    // A second screen comes and goes while the first still follows: still live.
    let second = Task { await list.followChanges() }
    await Task.yield()
    second.cancel()
    await second.value
    #expect(list.isFollowingChanges)
    let question = Question(prompt: "Still shown", answer: "a")
    try await repository.save(question)
    #expect(await eventually { list.items == [question] })
    #expect(await repository.subscriptionCount == 1)

    first.cancel()
    await first.value
    #expect(!list.isFollowingChanges)
  }
}
