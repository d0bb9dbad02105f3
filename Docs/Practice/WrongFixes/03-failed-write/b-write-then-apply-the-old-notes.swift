// Wrong fix: swap the lines, so that the write comes first and memory changes after it.
// A failed write now leaves memory alone, but the write encodes the notes without the new
// one: the file is always one save behind.
// Refused by: a saved note is not in the file

import Foundation

/// A note, as the app stores it.
struct Note: Codable, Identifiable, Sendable, Equatable {
  var id: UUID
  var text: String

  init(id: UUID = UUID(), text: String) {
    self.id = id
    self.text = text
  }
}

/// A store that keeps its notes in memory and writes them whole to a JSON file.
actor NoteStore {
  private let fileURL: URL
  private var notes: [UUID: Note] = [:]

  /// Opens the store in `fileURL`; a missing file is an empty store.
  init(fileURL: URL) throws {
    self.fileURL = fileURL
    if FileManager.default.fileExists(atPath: fileURL.path) {
      let decoded = try JSONDecoder().decode([Note].self, from: Data(contentsOf: fileURL))
      notes = Dictionary(uniqueKeysWithValues: decoded.map { ($0.id, $0) })
    }
  }

  /// Stores `note`, replacing the note with the same ID.
  ///
  /// When the write fails, this throws, and the store must still hold what the file holds.
  func save(_ note: Note) throws {
    let data = try JSONEncoder().encode(Array(notes.values))
    try data.write(to: fileURL, options: .atomic)
    notes[note.id] = note
  }

  /// Every note.
  func loadAll() -> [Note] {
    Array(notes.values)
  }
}
