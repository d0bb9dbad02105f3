// Sync conflicts settled one at a time, in the order a screen drives them.

import Foundation
import LocalStoreSync
import LocalStoreSyncKit
import Testing

/// The conflicts a synced store holds, and what a person chose for each.
private actor ConflictStore {
  var conflicts: [SyncConflictsModel<String>.Conflict]
  private(set) var choices: [String] = []
  var failsNextChoice = false

  init(_ conflicts: [SyncConflictsModel<String>.Conflict]) {
    self.conflicts = conflicts
  }

  func resolve(_ id: String, keepMine: Bool) throws {
    if failsNextChoice {
      failsNextChoice = false
      throw CocoaError(.fileWriteOutOfSpace)
    }
    conflicts.removeAll { $0.recordID == id }
    choices.append("\(id): \(keepMine ? "mine" : "theirs")")
  }

  /// Another process settles `id`.
  func settledElsewhere(_ id: String) { conflicts.removeAll { $0.recordID == id } }
  func failNextChoice() { failsNextChoice = true }
}

@MainActor struct SyncConflictsModelTests {
  private static func model(_ store: ConflictStore) -> SyncConflictsModel<String> {
    SyncConflictsModel(
      load: { await store.conflicts },
      resolve: { try await store.resolve($0, keepMine: $1) })
  }

  private static let two: [SyncConflictsModel<String>.Conflict] = [
    .init(recordID: "a", mine: "a here", theirs: "a there"),
    .init(recordID: "b", mine: nil, theirs: "b there"),
  ]

  @Test func eachConflictIsShownInTurnAndSettledOnlyAsThePersonChooses() async {
    let store = ConflictStore(Self.two)
    let model = Self.model(store)
    #expect(model.current == nil)  // Nothing shows until the person asks.
    await model.show()
    #expect(model.current?.recordID == "a" && model.current?.theirs == "a there")
    await model.keep(mine: true)
    #expect(model.current?.recordID == "b" && model.current?.mine == nil)
    #expect(model.notice == "Kept this device's version; it is sent on the next sync.")
    await model.keep(mine: false)
    #expect(model.current == nil && !model.isShowing)
    #expect(model.notice == "Kept the server's version.")
    #expect(await store.choices == ["a: mine", "b: theirs"])
  }

  @Test func closingSettlesNothing() async {
    let store = ConflictStore(Self.two)
    let model = Self.model(store)
    await model.show()
    model.close()
    #expect(model.current == nil && model.conflicts.count == 2)
    #expect(await store.choices.isEmpty)
    await model.show()
    #expect(model.current?.recordID == "a")
  }

  @Test func aFailedChoiceKeepsTheSameConflictAndSaysWhy() async {
    let store = ConflictStore(Self.two)
    let model = Self.model(store)
    await model.show()
    await store.failNextChoice()
    await model.keep(mine: true)
    #expect(model.current?.recordID == "a")
    #expect(model.errorMessage?.hasPrefix("Nothing was settled: ") == true)
    #expect(await store.choices.isEmpty)
    await model.keep(mine: true)
    #expect(model.current?.recordID == "b" && model.errorMessage == nil)
  }

  @Test func aConflictSettledElsewhereDisappearsAndTheLastClosesThePage() async {
    let store = ConflictStore(Self.two)
    let model = Self.model(store)
    await model.show()
    await store.settledElsewhere("b")
    await model.keep(mine: false)
    #expect(model.current == nil && !model.isShowing)
    await store.settledElsewhere("a")
    await model.show()
    #expect(!model.isShowing && model.notice == "No conflict waits: nothing to settle.")
  }
}
