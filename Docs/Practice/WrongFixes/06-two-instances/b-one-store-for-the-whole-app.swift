// Wrong fix: keep the first store opened in a static property and hand it to every screen.
// Both screens share it, but so does every AppStores, whatever folder it was given: the
// first folder opened wins, and a static var shared by every thread is a data race too.
// Refused by: a store must belong to its folder

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

/// Where the app's screens get their store from.
final class AppStores: Sendable {
  let directory: URL

  init(directory: URL) throws {
    self.directory = directory
  }

  /// The store the list screen saves to.
  func notesForList() throws -> NoteFile {
    try notes()
  }

  /// The store the editor screen saves to.
  func notesForEditor() throws -> NoteFile {
    try notes()
  }

  /// The one store, opened on first use and kept.
  nonisolated(unsafe) private static var opened: NoteFile?

  private func notes() throws -> NoteFile {
    if let opened = Self.opened { return opened }
    let notes = try NoteFile(fileURL: directory.appendingPathComponent("notes.json"))
    Self.opened = notes
    return notes
  }
}
