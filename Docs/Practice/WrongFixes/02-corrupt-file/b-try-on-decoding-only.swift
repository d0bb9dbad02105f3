// Wrong fix: throw when the file cannot be decoded, but keep `try?` on reading it.
// A file that is there and cannot be read (no permission, a folder in its place, an I/O error)
// still opens as an empty store, and the next save writes over it.
// Refused by: only a missing file is empty

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
    if let data = try? Data(contentsOf: fileURL) {
      let decoded = try JSONDecoder().decode([Note].self, from: data)
      var notes: [UUID: Note] = [:]
      for note in decoded {
        guard notes.updateValue(note, forKey: note.id) == nil else {
          throw CocoaError(.fileReadCorruptFile)
        }
      }
      self.notes = notes
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
