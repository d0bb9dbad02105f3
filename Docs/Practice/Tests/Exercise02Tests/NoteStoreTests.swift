// Checks exercise 2: a file that cannot be read or decoded makes init throw and is never
// written over; only a missing file is an empty store.

import ExerciseSupport
import Foundation
import Testing

@testable import Exercise02

@Suite struct NoteStoreTests {
  /// Half a JSON array: what a crash or a bad sync tool leaves behind.
  let damaged = Data(#"[{"id":"6F0C8A41-2B7D-4E57-9E3A-0C1D2E3F4A5B","text":"Buy mi"#.utf8)
  /// Two notes with one ID: what a merge by hand or a faulty sync leaves behind.
  let repeated = Data(
    #"""
    [{"id":"6F0C8A41-2B7D-4E57-9E3A-0C1D2E3F4A5B","text":"Buy milk"},
    {"id":"6F0C8A41-2B7D-4E57-9E3A-0C1D2E3F4A5B","text":"Call the bank"}]
    """#.utf8)

  /// Valid JSON whose second note cannot be decoded (its text is a number): what an older or
  /// newer app, or a hand edit, leaves behind.
  let oneUndecodable = Data(
    #"""
    [{"id":"6F0C8A41-2B7D-4E57-9E3A-0C1D2E3F4A5B","text":"Buy milk"},
    {"id":"0B6E2C9D-7A51-4F3E-8D2C-1A9B8C7D6E5F","text":42}]
    """#.utf8)

  @Test func missingFileIsAnEmptyStore() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try NoteStore(fileURL: folder.file("notes.json"))
    #expect(await store.loadAll().isEmpty)
  }

  @Test func savedNoteSurvivesReopen() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let note = Note(text: "Buy milk")
    try await NoteStore(fileURL: folder.file("notes.json")).save(note)
    #expect(try await NoteStore(fileURL: folder.file("notes.json")).loadAll() == [note])
  }

  @Test func damagedFileMakesInitThrow() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try damaged.write(to: folder.file("notes.json"))
    #expect(
      throws: (any Error).self,
      "a damaged notes.json opened as an empty store: init must throw"
    ) {
      _ = try NoteStore(fileURL: folder.file("notes.json"))
    }
  }

  @Test func damagedFileIsNeverWrittenOver() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let url = folder.file("notes.json")
    try damaged.write(to: url)
    if let store = try? NoteStore(fileURL: url) {
      try? await store.save(Note(text: "A new note"))
    }
    #expect(
      try Data(contentsOf: url) == damaged,
      "the damaged notes.json was written over: every note it held is gone")
  }

  /// A write the disk refuses (here the folder is gone, a file in its place) reaches the caller.
  @Test func failedWriteThrows() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try NoteStore(fileURL: folder.file("notes.json"))
    folder.remove()
    try Data().write(to: folder.url)
    await #expect(throws: (any Error).self, "the disk refused the note and save(_:) did not throw")
    {
      try await store.save(Note(text: "Buy milk"))
    }
  }

  /// A note that cannot be decoded is damage too: skipping it without a word, then writing the
  /// file without it at the next save, loses it for good.
  @Test func undecodableNoteIsNeverDroppedSilently() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let url = folder.file("notes.json")
    try oneUndecodable.write(to: url)
    if let store = try? NoteStore(fileURL: url) {
      try? await store.save(Note(text: "A new note"))
    }
    let kept = String(decoding: try Data(contentsOf: url), as: UTF8.self)
    #expect(
      kept.contains("0B6E2C9D-7A51-4F3E-8D2C-1A9B8C7D6E5F"),
      "a note that could not be decoded was skipped without a word, and the next save wrote the file without it"
    )
  }

  /// Something that is there but cannot be read (here a folder where the file should be)
  /// is not a missing file either.
  @Test func unreadableFileMakesInitThrow() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(
      at: folder.file("notes.json"), withIntermediateDirectories: false)
    #expect(
      throws: (any Error).self,
      "notes.json could not be read, and the store opened empty: only a missing file is empty"
    ) {
      _ = try NoteStore(fileURL: folder.file("notes.json"))
    }
  }

  /// Opens the file in a child process, so that a crash fails this test, not the whole run:
  /// `Dictionary(uniqueKeysWithValues:)` traps on a repeated key.
  @Test func repeatedIDMakesInitThrow() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let url = folder.file("notes.json")
    try repeated.write(to: url)
    await #expect(
      processExitsWith: .success,
      "a notes.json with two notes of one ID must make init throw; it crashed the app, or opened with one of the notes dropped"
    ) { [url = url as URL] in
      guard let store = try? NoteStore(fileURL: url) else { return }
      try? await store.save(Note(text: "A new note"))
      exit(1)
    }
    #expect(
      try Data(contentsOf: url) == repeated, "the notes.json with a repeated ID was written over")
  }
}
