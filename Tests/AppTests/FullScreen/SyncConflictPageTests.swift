// A sync conflict in the full-screen app: shown as a conflict, settled only by the person's key.

import CommandLineKit
import Foundation
import LocalStore
import LocalStoreSync
import LocalStoreSyncKit
import LocalStoreTestSupport
import Models
import TerminalUI
import Testing
import ViewModels

@testable import App

/// A synced folder with two sync conflicts, driven by keys in the order a person presses
/// them: `c` on the list shows the first, `t` keeps the server's version and shows the next,
/// `Esc` leaves it for later, `c` shows it again, `m` keeps this device's and closes the page.
@MainActor @Suite struct SyncConflictPageTests {
  /// A synced store in `folder` holding two questions in conflict: the first changed on the
  /// server too, the second deleted here and changed on the server.
  static func storeInConflict(
    in folder: URL
  ) async throws -> (SyncedRepository<Question>, [Question]) {
    let store = try await SyncedRepository<Question>.open(
      directory: folder, filename: "questions.synced.json")
    let first = Question(prompt: "Capital of Peru?", answer: "Lima (mine)")
    let second = Question(prompt: "Largest planet?", answer: "Jupiter")
    try await store.save(first)
    try await store.save(second)
    try await store.delete(second.id)
    let codec = SyncCodec<Question>()
    var steps: [SyncStep] = []
    for (number, (mine, theirs)) in [
      (Optional(first), Question(id: first.id, prompt: first.prompt, answer: "Lima (theirs)")),
      (nil, Question(id: second.id, prompt: second.prompt, answer: "Jupiter (theirs)")),
    ].enumerated() {
      let record = try codec.record(of: theirs)
      let pending = try #require(
        try await store.pendingChanges().first { $0.id == record.id })
      steps.append(
        .conflict(
          SyncConflict(
            id: record.id, local: try mine.map { try codec.record(of: $0).fields },
            remote: KintoRecord(
              id: record.id, lastModified: Int64(10 + number), fields: record.fields),
            pendingRevision: pending.revision)))
    }
    try await store.commit(SyncUpdate(steps: steps))
    return (store, [first, second])
  }

  func text(_ state: FullScreenState) -> String {
    FrameComposer.frame(for: state).lines.joined(separator: "\n")
  }

  func press(_ character: Character, _ state: FullScreenState) async throws {
    let action = try #require(KeyTable.action(for: .character(character), on: state.page))
    await state.perform(action)
  }

  func pressEscape(_ state: FullScreenState) async throws {
    let action = try #require(KeyTable.action(for: .escape, on: state.page))
    await state.perform(action)
  }

  @Test func eachConflictIsShownAndSettledOnlyByTheKeyThePersonPresses() async throws {
    let folder = try TemporaryDirectory(prefix: "AppSyncConflict")
    let (store, questions) = try await Self.storeInConflict(in: folder.url)
    let runner = CommandRunner(
      context: ProcessContext(environment: [:], currentDirectory: folder.url),
      console: CapturedConsole())
    let (plain, _) = await FullScreenFixtures.state(size: TerminalSize(columns: 80, rows: 24))
    let sync = SyncStatusModel {
      SyncRoundResult(pending: 2, conflicts: 2, reachedServer: true)
    }
    await sync.syncNow()
    let state = FullScreenState(
      model: plain.model, size: plain.size, sync: sync,
      syncConflicts: runner.syncConflicts(for: store))
    #expect(text(state).contains("c sync conflicts"))

    try await press("c", state)
    #expect(state.page == .syncConflict)
    var screen = text(state)
    #expect(screen.contains("Changed here and on another device:"), "\(screen)")
    #expect(screen.contains("Lima (theirs)") && screen.contains("Lima (mine)"), "\(screen)")
    #expect(screen.contains("1 of 2"), "\(screen)")
    #expect(screen.contains("m: keep mine · t: keep theirs · Esc: later"), "\(screen)")

    try await press("t", state)
    screen = text(state)
    #expect(screen.contains("Deleted here, changed on another device. Theirs:"), "\(screen)")
    #expect(screen.contains("Jupiter (theirs)"), "\(screen)")
    #expect(screen.contains("m: delete it there too · t: take theirs back"), "\(screen)")
    #expect(await store.find(by: questions[0].id)?.answer == "Lima (theirs)")

    try await pressEscape(state)
    #expect(state.page == .list)
    #expect(try await store.conflicts().count == 1)  // Esc settles nothing.

    try await press("c", state)
    #expect(text(state).contains("Jupiter (theirs)"))
    try await press("m", state)
    #expect(state.page == .list)
    #expect(text(state).contains("Kept this device's version; it is sent on the next sync."))
    #expect(try await store.conflicts().isEmpty)
    #expect(await store.find(by: questions[1].id) == nil)  // Mine: deleted, to be sent.
    #expect(try await store.pendingChanges().map(\.id).contains(questions[1].id.recordID()))

    try await press("j", state)
    #expect(!text(state).contains("Kept this device's version"))
  }

  @Test func aFolderWithoutSyncConflictsOffersNoConflictsKey() async throws {
    let (plain, _) = await FullScreenFixtures.state(size: TerminalSize(columns: 80, rows: 24))
    let sync = SyncStatusModel { SyncRoundResult(pending: 0, conflicts: 0, reachedServer: true) }
    await sync.syncNow()
    let state = FullScreenState(model: plain.model, size: plain.size, sync: sync)
    #expect(!text(state).contains("conflicts"))
    #expect(KeyTable.action(for: .character("c"), on: .list) == .showSyncConflicts)
    await state.perform(.showSyncConflicts)
    #expect(state.page == .list)
  }
}
