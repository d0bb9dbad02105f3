// Wrong fix: when the write fails, remove the note from memory again.
// Right for a new note; for a changed one it removes the version the file still holds, so the
// screen shows nothing where the file has the note.
// Refused by: the store must hold what it held before the save

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
    notes[note.id] = note
    do {
      let data = try JSONEncoder().encode(Array(notes.values))
      try data.write(to: fileURL, options: .atomic)
    } catch {
      notes[note.id] = nil
      throw error
    }
  }

  /// Every note.
  func loadAll() -> [Note] {
    Array(notes.values)
  }
}
