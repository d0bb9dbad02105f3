// Checks exercise 3: a save the disk refused leaves the store as it was before the save.

import ExerciseSupport
import Foundation
import Testing

@testable import Exercise03

@Suite struct NoteStoreTests {
  @Test func savedNoteSurvivesReopen() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let note = Note(text: "Buy milk")
    try await NoteStore(fileURL: folder.file("notes.json")).save(note)
    #expect(
      try await NoteStore(fileURL: folder.file("notes.json")).loadAll() == [note],
      "a saved note is not in the file: the file must hold every note save(_:) returned for")
  }

  /// A hundred saves at once, each of its own note: every one is in memory and in the file.
  /// A save that reads the notes, suspends, then writes back its copy loses the others'.
  @Test func savesAtOnceAreAllKept() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try NoteStore(fileURL: folder.file("notes.json"))
    let notes = (1...100).map { Note(text: "Note \($0)") }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for note in notes { group.addTask { try await store.save(note) } }
      try await group.waitForAll()
    }
    let inMemory = await store.loadAll().count
    let onDisk = try await NoteStore(fileURL: folder.file("notes.json")).loadAll().count
    #expect(
      inMemory == 100 && onDisk == 100,
      "100 notes saved at once, \(inMemory) in memory and \(onDisk) in the file: a save must not write back a stale copy of the notes"
    )
  }

  /// Ways a write fails after the store opened, each making every later write into `folder`
  /// fail: a fix for one of them (say, creating the folder when it is missing) must still
  /// keep memory and file together for the others.
  enum WriteFailure: String, CaseIterable, CustomTestStringConvertible {
    /// The folder goes away (an unmounted disk, a user's clean-up) and a plain file takes its
    /// place.
    case folderReplacedByAFile = "the folder replaced by a file"
    /// A folder, with something in it, where `notes.json` was: the new file cannot be put
    /// in its place.
    case fileReplacedByAFolder = "notes.json replaced by a folder"

    var testDescription: String { rawValue }

    /// Makes the failure happen to `folder`, where the store's file is `notes.json`.
    func happen(to folder: TemporaryFolder) throws {
      let manager = FileManager.default
      switch self {
      case .folderReplacedByAFile:
        folder.remove()
        try Data().write(to: folder.url)
      case .fileReplacedByAFolder:
        try manager.removeItem(at: folder.file("notes.json"))
        try manager.createDirectory(
          at: folder.file("notes.json"), withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: folder.file("notes.json/inside"))
      }
    }
  }

  @Test(arguments: WriteFailure.allCases)
  func failedSaveOfANewNoteLeavesMemoryAsItWas(_ failure: WriteFailure) async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let kept = Note(text: "Buy milk")
    let store = try NoteStore(fileURL: folder.file("notes.json"))
    try await store.save(kept)
    try failure.happen(to: folder)
    await #expect(
      throws: (any Error).self, "the disk refused the note (\(failure)) and save did not throw"
    ) {
      try await store.save(Note(text: "Call the bank"))
    }
    #expect(
      await store.loadAll() == [kept],
      "the store shows a note that the disk refused (\(failure)): memory is ahead of the file")
  }

  @Test(arguments: WriteFailure.allCases)
  func failedSaveOfAChangedNoteKeepsTheVersionBefore(_ failure: WriteFailure) async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let kept = Note(text: "Buy milk")
    let store = try NoteStore(fileURL: folder.file("notes.json"))
    try await store.save(kept)
    try failure.happen(to: folder)
    var changed = kept
    changed.text = "Buy oat milk"
    await #expect(throws: (any Error).self) { try await store.save(changed) }
    let shown = await store.loadAll()
    #expect(
      shown == [kept],
      """
      a refused change of a note (\(failure)) left \(shown.map(\.text)) in memory; \
      the store must hold what it held before the save, "Buy milk"
      """)
  }
}
