// Wrong fix: a static registry of stores by folder, behind a lock: look the folder up, and if
// no store is there, open one and register it. The lock is not held while the store opens
// (opening reads the whole file), so two screens that ask at once both find no store, and
// each opens and registers its own.
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

/// The stores opened so far, one per file.
final class StoreRegistry: @unchecked Sendable {
  static let shared = StoreRegistry()
  private let lock = NSLock()
  private var stores: [URL: NoteFile] = [:]

  func store(for fileURL: URL) throws -> NoteFile {
    if let found = lock.withLock({ stores[fileURL] }) { return found }
    let opened = try NoteFile(fileURL: fileURL)
    lock.withLock { stores[fileURL] = opened }
    return opened
  }
}

/// Where the app's screens get their store from: the registry's store for the folder's file.
final class AppStores: Sendable {
  let directory: URL

  init(directory: URL) throws {
    self.directory = directory
  }

  /// The store the list screen saves to.
  func notesForList() throws -> NoteFile {
    try StoreRegistry.shared.store(for: directory.appendingPathComponent("notes.json"))
  }

  /// The store the editor screen saves to.
  func notesForEditor() throws -> NoteFile {
    try StoreRegistry.shared.store(for: directory.appendingPathComponent("notes.json"))
  }
}
