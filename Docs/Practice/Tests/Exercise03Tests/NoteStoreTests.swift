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

  /// Makes every later write into `folder` fail: the folder goes away (an unmounted disk, a
  /// user's clean-up) and a plain file takes its place.
  func breakWrites(in folder: TemporaryFolder) throws {
    folder.remove()
    try Data().write(to: folder.url)
  }

  @Test func failedSaveOfANewNoteLeavesMemoryAsItWas() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let kept = Note(text: "Buy milk")
    let store = try NoteStore(fileURL: folder.file("notes.json"))
    try await store.save(kept)
    try breakWrites(in: folder)
    await #expect(throws: (any Error).self) {
      try await store.save(Note(text: "Call the bank"))
    }
    #expect(
      await store.loadAll() == [kept],
      "the store shows a note that the disk refused: memory is ahead of the file")
  }

  @Test func failedSaveOfAChangedNoteKeepsTheVersionBefore() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let kept = Note(text: "Buy milk")
    let store = try NoteStore(fileURL: folder.file("notes.json"))
    try await store.save(kept)
    try breakWrites(in: folder)
    var changed = kept
    changed.text = "Buy oat milk"
    await #expect(throws: (any Error).self) { try await store.save(changed) }
    let shown = await store.loadAll()
    #expect(
      shown == [kept],
      """
      a refused change of a note left \(shown.map(\.text)) in memory; \
      the store must hold what it held before the save, "Buy milk"
      """)
  }
}
