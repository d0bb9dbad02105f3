// `questions migrate`: every question copied and checked before the switch, and a move stopped
// at any step, or killed at any moment, leaves a folder that opens with every question.

import Foundation
import LocalStore
import LocalStoreSQLite
import LocalStoreSync
import LocalStoreTestSupport
import Models
import Persistence
import Testing

@testable import App

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a test stops a move, as a kill would.
private struct StoppedHere: Error {}

@MainActor @Suite(.timeLimit(.minutes(10))) struct StoreMoverTests {
  /// A journal store of `count` questions in `folder`, as the app leaves it.
  static func seed(_ folder: URL, count: Int) async throws -> [Question] {
    let questions = (0..<count).map {
      Question(prompt: "Question \($0)?", answer: "Answer \($0)", tags: ["t\($0 % 4)"])
    }
    let store = try await LocalRepository<Question>.open(
      directory: folder, filename: "questions.json")
    try await store.save(contentsOf: questions)
    return questions
  }

  /// What the folder's store in use holds, opened as the app opens it.
  static func questionsInUse(_ folder: URL) async throws -> [Question] {
    try await CommandRunner.openLocalStore(in: folder).repository.loadAll()
  }

  @Test func movingToSQLiteAndBackKeepsEveryQuestionInOrder() async throws {
    let folder = try TemporaryDirectory()
    let questions = try await Self.seed(folder.url, count: 250)
    let mover = StoreMover(directory: folder.url, batchSize: 100)

    let there = try await mover.move(to: .sqlite)
    #expect(there == StoreMover.Outcome(from: .journal, to: .sqlite, questions: 250, setAside: []))
    #expect(try StoreKind.current(in: folder.url) == .sqlite)
    #expect(try await Self.questionsInUse(folder.url) == questions)
    let sqlite = try await SQLiteRepository<Question>.open(
      directory: folder.url, filename: "questions.sqlite")
    #expect(await sqlite.count() == 250)

    let added = Question(prompt: "Added to the SQLite store?", answer: "yes")
    try await sqlite.save(added)
    let back = try await mover.move(to: .journal)
    #expect(back.questions == 251)
    #expect(back.setAside.contains { $0.hasPrefix("questions.json.replaced-") })
    #expect(try StoreKind.current(in: folder.url) == .journal)
    #expect(try await Self.questionsInUse(folder.url) == questions + [added])

    let again = try await mover.move(to: .journal)
    #expect(again.questions == 0)
  }

  /// Every step of both moves, each stopped right after: the folder opens with every
  /// question, from the old store before the switch and the new one after; the move run
  /// again then finishes.
  /// `.synced` is the first `questions sync`'s move: a journal store carried over to the
  /// synced store, every question then a pending create.
  @Test(arguments: [StoreKind.sqlite, .journal, .synced])
  func aMoveStoppedAfterAnyStepLeavesAStoreWithEveryQuestion(target: StoreKind) async throws {
    var steps: [StoreMover.Step] = []
    do {
      let folder = try TemporaryDirectory()
      _ = try await Self.seed(folder.url, count: 250)
      if target == .journal { _ = try await StoreMover(directory: folder.url).move(to: .sqlite) }
      var recording = StoreMover(directory: folder.url, batchSize: 100)
      recording.afterStep = { steps.append($0) }
      _ = try await recording.move(to: target)
    }
    #expect(
      steps == [
        .setAside, .copied(batch: 0), .copied(batch: 1), .copied(batch: 2), .verified, .switched,
      ])

    for stop in steps {
      let folder = try TemporaryDirectory()
      let questions = try await Self.seed(folder.url, count: 250)
      if target == .journal { _ = try await StoreMover(directory: folder.url).move(to: .sqlite) }
      let source = try StoreKind.current(in: folder.url)
      var mover = StoreMover(directory: folder.url, batchSize: 100)
      mover.afterStep = { if $0 == stop { throw StoppedHere() } }
      await #expect(throws: StoppedHere.self) { try await mover.move(to: target) }
      let inUse = try StoreKind.current(in: folder.url)
      #expect(inUse == (stop == .switched ? target : source), "stopped after \(stop)")
      #expect(try await Self.questionsInUse(folder.url) == questions, "stopped after \(stop)")

      let finished = try await StoreMover(directory: folder.url, batchSize: 100).move(to: target)
      #expect(finished.questions == (stop == .switched ? 0 : 250))
      #expect(try StoreKind.current(in: folder.url) == target)
      #expect(try await Self.questionsInUse(folder.url) == questions, "stopped after \(stop)")
    }
  }

  /// The first `questions sync` carries a folder over: the synced store holds every question
  /// in order, each a pending create (sent `If-None-Match: *`), oldest first.
  @Test func aFolderCarriedOverToTheSyncedStoreHasEveryQuestionPendingInOrder() async throws {
    let folder = try TemporaryDirectory()
    let questions = try await Self.seed(folder.url, count: 250)
    let moved = try await StoreMover(directory: folder.url, batchSize: 100).move(to: .synced)
    #expect(moved.questions == 250 && moved.from == .journal)
    let store = try await StoreKind.synced.openSynced(in: folder.url)
    #expect(await store.loadAll() == questions)
    let pending = try await store.pendingChanges()
    #expect(pending.map(\.id) == questions.map { $0.id.uuidString.lowercased() })
    #expect(pending.allSatisfy { $0.baseLastModified == nil && $0.fields != nil })
    // The journal store is kept as it was.
    let old = try await LocalRepository<Question>.open(
      directory: folder.url, filename: StoreKind.journal.filename)
    #expect(await old.loadAll() == questions)
  }

  /// A question saved into the store in use while the copy runs: the check finds the copy
  /// short, and the move stops without switching.
  @Test func aStoreChangedDuringTheMoveIsNotSwitchedFrom() async throws {
    let folder = try TemporaryDirectory()
    let questions = try await Self.seed(folder.url, count: 250)
    let late = Question(prompt: "Saved during the move?", answer: "yes")
    let other = try await LocalRepository<Question>.open(
      directory: folder.url, filename: "questions.json")
    var mover = StoreMover(directory: folder.url, batchSize: 100)
    mover.afterStep = { step in
      if step == .copied(batch: 0) { try await other.save(late) }
    }
    await #expect {
      try await mover.move(to: .sqlite)
    } throws: { error in
      guard case QuestionStoreError.copyDiffers(let message) = error else { return false }
      return message.contains("changed it meanwhile")
    }
    #expect(try StoreKind.current(in: folder.url) == .journal)
    #expect(try await Self.questionsInUse(folder.url) == questions + [late])
  }

  /// The built program, killed at random moments while it moves a bank of 3,000 questions:
  /// after every kill, `questions list` shows every question, from whichever store is in use.
  @Test func theProgramKilledAtAnyMomentOfAMoveLeavesEveryQuestion() async throws {
    let folder = try TemporaryDirectory()
    let questions = try await Self.seed(folder.url, count: 3_000)
    let binary = BuiltProducts.executable("questions")
    var killed = 0
    var target = StoreKind.sqlite
    for iteration in 0..<30 {
      let pause = useconds_t.random(in: 0..<150_000)
      let arguments = ["--data-dir", folder.url.path, "migrate", "--to", target.rawValue]
      let outcome = try await onOwnThread {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ChildProcess.environment(["NO_COLOR": "1"])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(pause)
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal
      }
      if outcome { killed += 1 }
      let listed = try await Self.questionsInUse(folder.url)
      #expect(listed == questions, "iteration \(iteration), \(outcome ? "killed" : "finished")")
      if try StoreKind.current(in: folder.url) == target {
        target = target == .sqlite ? .journal : .sqlite
      }
    }
    #expect(killed > 0, "no kill landed during a move")
  }
}
