// Wrong fix: create the store on the first request and keep it, in a `var` the compiler is
// told not to check (`@unchecked Sendable`). One screen at a time gets the same store; two
// screens that ask at once from two threads both find no store yet, and each opens its own.
// Refused by: four screens asking at once got

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
    notes[note.id] = note
    try JSONEncoder().encode(Array(notes.values)).write(to: fileURL, options: .atomic)
  }

  func loadAll() -> [Note] {
    Array(notes.values)
  }
}

/// Where the app's screens get their store from: one store, made when first asked for.
final class AppStores: @unchecked Sendable {
  let directory: URL
  private var notes: NoteFile?

  init(directory: URL) throws {
    self.directory = directory
  }

  private func store() throws -> NoteFile {
    if let notes { return notes }
    let opened = try NoteFile(fileURL: directory.appendingPathComponent("notes.json"))
    notes = opened
    return opened
  }

  /// The store the list screen saves to.
  func notesForList() throws -> NoteFile {
    try store()
  }

  /// The store the editor screen saves to.
  func notesForEditor() throws -> NoteFile {
    try store()
  }
}
