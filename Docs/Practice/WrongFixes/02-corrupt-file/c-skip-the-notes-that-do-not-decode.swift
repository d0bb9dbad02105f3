// Wrong fix: decode each note on its own and keep the ones that decode, "so that one bad note
// does not cost all the others". The notes that do not decode are skipped without a word, and
// the next save writes the file without them: they are gone.
// Refused by: a note that could not be decoded was skipped without a word

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
  /// Two notes in the file have one ID.
  case repeatedID(UUID, in: URL)
}

/// Decodes as a note when it can, and as nothing when it cannot.
private struct MaybeNote: Decodable {
  var note: Note?

  init(from decoder: any Decoder) throws {
    note = try? Note(from: decoder)
  }
}

/// The original pattern's store: a dictionary in memory, written whole to a JSON file.
actor NoteStore {
  private let fileURL: URL
  private var notes: [UUID: Note]

  /// Opens the store in `fileURL`; a missing file is an empty store.
  init(fileURL: URL) throws {
    self.fileURL = fileURL
    guard FileManager.default.fileExists(atPath: fileURL.path) else {
      notes = [:]
      return
    }
    let data = try Data(contentsOf: fileURL)
    let decoded = try JSONDecoder().decode([MaybeNote].self, from: data).compactMap(\.note)
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
