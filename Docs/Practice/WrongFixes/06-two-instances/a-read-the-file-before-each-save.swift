// Wrong fix: keep a store per screen, and have each read the file again before it saves.
// Saves one after another survive, but each screen still shows its own copy (the list does
// not show what the editor saved), and two saves at once still write over each other.
// Refused by: each have a NoteFile of their own

import Foundation

/// A note, as the app stores it.
struct Note: Codable, Identifiable, Sendable, Equatable {
  var id = UUID()
  var text: String
}

/// The original pattern's store: it reads the file once, then writes its whole cache on each save.
actor NoteFile {
  private let fileURL: URL
  private var notes: [UUID: Note] = [:]

  init(fileURL: URL) throws {
    self.fileURL = fileURL
    if FileManager.default.fileExists(atPath: fileURL.path) {
      let decoded = try JSONDecoder().decode([Note].self, from: Data(contentsOf: fileURL))
      notes = Dictionary(uniqueKeysWithValues: decoded.map { ($0.id, $0) })
    }
  }

  func save(_ note: Note) throws {
    // Catch up with what the other screen's store wrote.
    if FileManager.default.fileExists(atPath: fileURL.path) {
      let decoded = try JSONDecoder().decode([Note].self, from: Data(contentsOf: fileURL))
      notes = Dictionary(uniqueKeysWithValues: decoded.map { ($0.id, $0) })
    }
    notes[note.id] = note
    try JSONEncoder().encode(Array(notes.values)).write(to: fileURL, options: .atomic)
  }

  func loadAll() -> [Note] {
    Array(notes.values)
  }
}

/// Where the app's screens get their store from.
final class AppStores: Sendable {
  let directory: URL

  init(directory: URL) throws {
    self.directory = directory
  }

  /// The store the list screen saves to.
  func notesForList() throws -> NoteFile {
    try NoteFile(fileURL: directory.appendingPathComponent("notes.json"))
  }

  /// The store the editor screen saves to.
  func notesForEditor() throws -> NoteFile {
    try NoteFile(fileURL: directory.appendingPathComponent("notes.json"))
  }
}
