// Wrong fix: throw when the file cannot be decoded, and keep the first of two notes with one ID.
// It no longer traps on a repeated ID, but it drops a note without a word, and the next save
// writes the file without it.
// Refused by: one of the notes dropped

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

/// The original pattern's store: a dictionary in memory, written whole to a JSON file.
actor NoteStore {
  private let fileURL: URL
  private var notes: [UUID: Note]

  /// Opens the store in `fileURL`; a missing file is an empty store. A file that exists but
  /// cannot be read or decoded makes `init` throw, and is left as it is.
  init(fileURL: URL) throws {
    self.fileURL = fileURL
    guard FileManager.default.fileExists(atPath: fileURL.path) else {
      notes = [:]
      return
    }
    let data = try Data(contentsOf: fileURL)
    let decoded = try JSONDecoder().decode([Note].self, from: data)
    notes = Dictionary(decoded.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// Stores `note`, replacing the note with the same ID.
  func save(_ note: Note) throws {
    notes[note.id] = note
    let data = try JSONEncoder().encode(Array(notes.values))
    try data.write(to: fileURL, options: .atomic)
  }

  /// Every note.
  func loadAll() -> [Note] {
    Array(notes.values)
  }
}
