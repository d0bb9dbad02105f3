// Notes in and out of an in-memory synced store, through the codec.

import Foundation
import LocalStoreSync
import LocalStoreTestSupport

extension InMemorySyncStore {
  /// Saves `note` here (queued for the server).
  func save(_ note: Note) throws {
    let (id, fields) = try SyncCodec<Note>().record(of: note)
    save(id: id, fields: fields)
  }

  /// Deletes `note` here (queued for the server).
  func delete(_ note: Note) throws {
    delete(id: try note.id.recordID())
  }

  /// The notes, sorted by title.
  func notes() throws -> [Note] {
    try allItems().map { try SyncCodec<Note>().item(id: $0.key, fields: $0.value) }
      .sorted { $0.title < $1.title }
  }
}

/// `count` notes titled "`prefix` 0", "`prefix` 1", ...
func notes(_ count: Int, _ prefix: String) -> [Note] {
  (0..<count).map { Note(title: "\(prefix) \($0)", text: "text \($0)", tags: ["t"]) }
}
