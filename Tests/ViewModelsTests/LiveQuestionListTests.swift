// View models that follow their repository: other view models', repositories' and processes' changes.

import FlowKit
import Foundation
import LocalStore
import LocalStoreTestSupport
import Models
import Observation
import Testing
import ViewModels

#if canImport(Glibc)
  import Glibc
#endif

@MainActor @Suite(.timeLimit(.minutes(1))) struct LiveQuestionListTests {
  /// Waits, without a fixed sleep, until `condition` holds or about `seconds` passed.
  func eventually(within seconds: Int = 2, _ condition: () -> Bool) async -> Bool {
    for _ in 0..<seconds * 1_000 {
      if condition() { return true }
      try? await Task.sleep(for: .milliseconds(1))
    }
    return condition()
  }

  @Test func twoViewModelsOnOneRepositorySeeEachOthersChanges() async throws {
    let repository = InMemoryRepository<Question>()
    let adding = QuestionListViewModel(repository: repository)
    let watching = QuestionListViewModel(repository: repository)
    let addingFollowing = await Following(adding)
    defer { addingFollowing.stop() }
    let watchingFollowing = await Following(watching)
    defer { watchingFollowing.stop() }
    let question = Question(prompt: "What is a Sendable type?", answer: "Safe to share")
    #expect(await adding.add(question))
    #expect(await eventually { watching.items == [question] })
    #expect(await watching.remove(question.id))
    #expect(await eventually { adding.items.isEmpty && adding.totalCount == 0 })
  }

  @available(macOS 26, iOS 26, *)
  @Test func aFollowedChangeKeepsSearchAndTagAndIsOneObservableChange() async throws {
    let repository = InMemoryRepository([
      Question(prompt: "actor isolation", answer: "a", tags: ["swift"]),
      Question(prompt: "actor hopping", answer: "a", tags: ["other"]),
    ])
    let watching = QuestionListViewModel(repository: repository)
    let watchingFollowing = await Following(watching)
    defer { watchingFollowing.stop() }
    watching.searchText = "actor"
    watching.tag = "swift"
    #expect(watching.items.count == 1)
    let recorder = ObservationRecorder(
      Observations { "\(watching.totalCount) \(watching.items.count) \(watching.tags.count)" })
    await recorder.waitForCount(1)
    try await repository.save(Question(prompt: "actor reentrancy", answer: "a", tags: ["swift"]))
    #expect(await eventually { watching.totalCount == 3 })
    await recorder.settle()
    #expect(recorder.values == ["2 1 2", "3 2 2"])
    #expect(watching.searchText == "actor")
    #expect(watching.tag == "swift")
  }

  @Test func aViewModelSeesAnotherRepositoryOnTheSameFiles() async throws {
    let folder = try TemporaryDirectory()
    let writer = try LocalRepository<Question>(directory: folder.url, filename: "q.json")
    let reader = try LocalRepository<Question>(directory: folder.url, filename: "q.json")
    let watching = QuestionListViewModel(repository: reader)
    let watchingFollowing = await Following(watching)
    defer { watchingFollowing.stop() }
    let question = Question(prompt: "p", answer: "a")
    try await writer.save(question)
    #expect(await eventually { watching.items == [question] })
    try await writer.delete(question.id)
    #expect(await eventually { watching.items.isEmpty })
    watchingFollowing.stop()
  }

  /// The repository's folder is replaced by a file: the list says that it no longer shows
  /// changes made elsewhere, naming the folder, until a store is back there.
  @Test func aListThatCannotFollowItsFilesSaysSoUntilItCan() async throws {
    let parent = try TemporaryDirectory()
    let folder = parent.appending("data")
    let question = Question(prompt: "p", answer: "a")
    try await LocalRepository<Question>(directory: folder, filename: "q.json").save(question)
    let reader = try LocalRepository<Question>(directory: folder, filename: "q.json")
    let watching = QuestionListViewModel(repository: reader)
    let watchingFollowing = await Following(watching)
    defer { watchingFollowing.stop() }

    try FileManager.default.removeItem(at: folder)
    try Data("not a folder".utf8).write(to: folder)
    #expect(await eventually(within: 20) { watching.errorMessage != nil })
    let message = try #require(watching.errorMessage)
    #expect(message.hasPrefix("Changes made elsewhere are not shown: "), "\(message)")
    #expect(message.contains(folder.path), "\(message)")

    try FileManager.default.removeItem(at: folder)
    try await LocalRepository<Question>(directory: folder, filename: "q.json").save(question)
    #expect(
      await eventually(within: 20) {
        watching.errorMessage == nil && watching.items == [question]
      })
    withExtendedLifetime(parent) {}
  }

  /// An action's error stays while followed changes arrive: only the list's own message
  /// about following is cleared by them.
  @Test func aFollowedChangeKeepsTheErrorOfAnAction() async throws {
    struct DiskFull: Error, CustomStringConvertible {
      var description: String { "the disk is full" }
    }
    let repository = InMemoryRepository<Question>()
    let watching = QuestionListViewModel(repository: repository)
    let watchingFollowing = await Following(watching)
    defer { watchingFollowing.stop() }
    await repository.failWrites(with: DiskFull())
    #expect(await !watching.add(Question(prompt: "lost", answer: "a")))
    #expect(watching.errorMessage == "the disk is full")

    await repository.failWrites(with: nil)
    let question = Question(prompt: "p", answer: "a")
    try await repository.save(question)
    #expect(await eventually { watching.items == [question] })
    #expect(watching.errorMessage == "the disk is full")
  }

  @available(macOS 26, iOS 26, *)
  @Test func aViewModelSeesAChildProcessesSaves() async throws {
    let folder = try TemporaryDirectory()
    let repository = try LocalRepository<Question>(directory: folder.url, filename: "q.json")
    let watching = QuestionListViewModel(repository: repository)
    let watchingFollowing = await Following(watching)
    defer { watchingFollowing.stop() }
    // When each question first appeared in the list, in CLOCK_REALTIME nanoseconds, which
    // the child process reads too.
    var seen: [UUID: Int64] = [:]
    let recording = Task { @MainActor in
      for await ids in Observations({ watching.items.map(\.id) }) {
        let now = Self.realtimeNanoseconds()
        for id in ids where seen[id] == nil { seen[id] = now }
      }
    }
    defer { recording.cancel() }
    let count = 10
    let path = folder.url.path
    let result = try await onOwnThread {
      try ChildProcess.runBlocking(
        BuiltProducts.executable("QuestionWriter"), ["timed-save", path, "\(count)", "50"])
    }
    try #require(result.status == 0, "\(result.standardError)")
    let acks = result.standardOutput.split(separator: "\n").compactMap { line in
      let parts = line.split(separator: " ")
      return parts.count == 3 ? (UUID(uuidString: String(parts[1])), Int64(parts[2])) : nil
    }
    try #require(acks.count == count)
    #expect(await eventually { acks.allSatisfy { seen[$0.0!] != nil } })
    let latencies = acks.compactMap { id, savedAt in
      seen[id!].flatMap { seenAt in savedAt.map { Double(seenAt - $0) / 1_000_000 } }
    }.sorted()
    try #require(latencies.count == count)
    let median = latencies[count / 2]
    // Printed, not checked: `make test` runs every suite at once, and other tests that block
    // the main thread for seconds delay this view model's hop there (a 20 s stall was
    // seen), so the wall clock here measures the machine's load as much as the code.
    print("child save → view model: median \(median) ms, max \(latencies.last ?? 0) ms")
  }

  nonisolated static func realtimeNanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
  }
}
