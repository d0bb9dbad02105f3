// Checks exercise 6: every screen gets the one store of its file, so what one screen saves
// the other shows at once, and both saves survive.

import ExerciseSupport
import Foundation
import Testing

@testable import Exercise06

@Suite struct AppStoresTests {
  @Test func savesFromBothScreensSurvive() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let stores = try AppStores(directory: folder.url)
    let list = try stores.notesForList()
    let editor = try stores.notesForEditor()
    let fromList = Note(text: "Added on the list")
    let fromEditor = Note(text: "Written in the editor")
    try await list.save(fromList)
    try await editor.save(fromEditor)
    let reopened = try await AppStores(directory: folder.url).notesForList().loadAll()
    #expect(
      reopened.contains(fromList),
      "the note saved from the list was lost: the editor's store wrote over it")
    #expect(reopened.contains(fromEditor), "the note saved from the editor was lost")
  }

  /// One file, one store: one cache, which every screen reads.
  @Test func bothScreensShareOneStore() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let stores = try AppStores(directory: folder.url)
    let list = try stores.notesForList()
    let editor = try stores.notesForEditor()
    #expect(
      list === editor,
      "the list and the editor each have a NoteFile of their own on one file: one file, one store, shared by every screen"
    )
    let fromEditor = Note(text: "Written in the editor")
    try await editor.save(fromEditor)
    #expect(
      await list.loadAll().contains(fromEditor),
      "the list does not show the note the editor just saved")
  }

  /// Two screens that appear at once ask for their store from two threads at the same moment.
  /// A store created lazily on first request (behind `@unchecked Sendable`, or in a static
  /// registry whose lock is not held while the store opens) is then created twice: opening a
  /// file of 2,000 notes takes long enough that both threads find no store yet. Twenty rounds,
  /// each with a new AppStores, so that the unlucky timing is met every run.
  @Test func screensAskingAtOnceGetOneStore() throws {
    let notes = (1...2_000).map { Note(text: "Note \($0), long enough to take a while to read") }
    let file = try JSONEncoder().encode(notes)
    for round in 1...20 {
      let folder = try TemporaryFolder()
      defer { folder.remove() }
      try file.write(to: folder.file("notes.json"))
      let stores = try AppStores(directory: folder.url)
      let handedOut = HandedOut()
      DispatchQueue.concurrentPerform(iterations: 4) { screen in
        let store =
          try? (screen.isMultiple(of: 2) ? stores.notesForList() : stores.notesForEditor())
        handedOut.add(store.map(ObjectIdentifier.init))
      }
      let distinct = handedOut.distinct
      #expect(
        distinct == 1,
        "round \(round): four screens asking at once got \(distinct) different NoteFile(s) on one file: one file, one store, made before anyone asks or under one lock"
      )
      if distinct != 1 { return }
    }
  }

  /// A write the disk refuses reaches the screen that saved.
  @Test func failedSaveThrows() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let list = try AppStores(directory: folder.url).notesForList()
    folder.remove()
    try Data().write(to: folder.url)
    await #expect(throws: (any Error).self, "the disk refused the note and save(_:) did not throw")
    {
      try await list.save(Note(text: "Buy milk"))
    }
  }

  /// A store per folder: an app that opens two folders keeps them apart.
  @Test func twoFoldersKeepTheirNotesApart() async throws {
    let first = try TemporaryFolder()
    let second = try TemporaryFolder()
    defer {
      first.remove()
      second.remove()
    }
    let inFirst = try AppStores(directory: first.url).notesForList()
    let inSecond = try AppStores(directory: second.url).notesForList()
    #expect(
      inFirst !== inSecond,
      "the notes of two folders are one NoteFile: a store must belong to its folder")
    let note = Note(text: "Only in the first folder")
    try await inFirst.save(note)
    #expect(
      await !inSecond.loadAll().contains(note),
      "a note saved in one folder shows in another: a store must belong to its folder")
  }
}

/// The stores handed to screens asking from several threads.
final class HandedOut: @unchecked Sendable {
  private let lock = NSLock()
  private var stores: [ObjectIdentifier?] = []

  func add(_ store: ObjectIdentifier?) { lock.withLock { stores.append(store) } }

  /// How many different stores were handed out (a failed request counts as one more).
  var distinct: Int { lock.withLock { Set(stores.map { $0.map { "\($0)" } ?? "none" }).count } }
}
