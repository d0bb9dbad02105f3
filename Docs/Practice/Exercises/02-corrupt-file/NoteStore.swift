// Exercise 2: a store that opens a file it cannot read as if it were empty.

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

  /// Opens the store in `fileURL`; a missing file is an empty store.
  init(fileURL: URL) throws {
    self.fileURL = fileURL
    if let data = try? Data(contentsOf: fileURL),
      let decoded = try? JSONDecoder().decode([Note].self, from: data)
    {
      notes = Dictionary(uniqueKeysWithValues: decoded.map { ($0.id, $0) })
    } else {
      notes = [:]
    }
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
