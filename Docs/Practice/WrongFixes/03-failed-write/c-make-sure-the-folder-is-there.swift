// Wrong fix: before changing anything, make sure the folder is there (the failure the test
// showed), and throw if it is not. Memory still changes before the write: any other failure
// (a folder where the file goes, a full disk, a read-only file system) leaves the store
// showing what the disk refused.
// Refused by: memory is ahead of the file

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
  func save(_ note: Note) throws {
    var isFolder: ObjCBool = false
    let folder = fileURL.deletingLastPathComponent()
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder),
      isFolder.boolValue
    else {
      throw CocoaError(.fileNoSuchFile)  // The write would fail: nothing changes.
    }
    notes[note.id] = note
    try JSONEncoder().encode(Array(notes.values)).write(to: fileURL, options: .atomic)
  }

  /// Every note.
  func loadAll() -> [Note] {
    Array(notes.values)
  }
}
