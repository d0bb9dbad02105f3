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

/// Why a notes file could not be opened, besides the errors of reading and decoding it.
enum NoteStoreError: Error {
  /// Two notes in the file have one ID: which one is right is for a person to decide.
  case repeatedID(UUID, in: URL)
}

/// The original pattern's store: a dictionary in memory, written whole to a JSON file.
actor NoteStore {
  private let fileURL: URL
  private var notes: [UUID: Note]

  /// Opens the store in `fileURL`; a missing file is an empty store. A file that exists but
  /// cannot be read or decoded, or that holds two notes with one ID, makes `init` throw, and
  /// is left as it is.
  init(fileURL: URL) throws {
    self.fileURL = fileURL
    guard FileManager.default.fileExists(atPath: fileURL.path) else {
      notes = [:]
      return
    }
    let data = try Data(contentsOf: fileURL)
    let decoded = try JSONDecoder().decode([Note].self, from: data)
    // Not Dictionary(uniqueKeysWithValues:), which traps on a repeated ID: damage too.
    var notes: [UUID: Note] = [:]
    for note in decoded {
      guard notes.updateValue(note, forKey: note.id) == nil else {
        throw NoteStoreError.repeatedID(note.id, in: fileURL)
      }
    }
    self.notes = notes
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
