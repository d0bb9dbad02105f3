// Small helpers shared by the persistence tests: sample items and raw file access.

import Foundation
import LocalStoreTestSupport

@testable import LocalStore

/// A model with an `Int` identifier, to show the repository is generic over ID types.
struct Counter: Codable, Identifiable, Sendable, Equatable {
  var id: Int
  var value: Int
}

/// A model with a `String` identifier.
struct Setting: Codable, Identifiable, Sendable, Equatable {
  var id: String
  var value: String
}

/// `count` distinct notes with predictable titles ("Note 0", "Note 1", ...) and texts
/// ("Text 0", ...).
func sampleNotes(_ count: Int, prefix: String = "Note") -> [Note] {
  (0..<count).map { Note(title: "\(prefix) \($0)", text: "Text \($0)", tags: ["t\($0 % 3)"]) }
}

/// A note of about 220 bytes on disk, the size the tests that fill a disk or a size cap are
/// worked out for.
func paddedNote(_ index: Int, prefix: String) -> Note {
  Note(title: "\(prefix) \(index)", text: String(repeating: "a", count: 140))
}

/// The bytes of a file, or `nil` if there is none.
func bytes(of url: URL) -> Data? {
  FileManager.default.contents(atPath: url.path)
}

/// A journal record of `payload` numbered `sequence`, as a writer that knew the journal to be
/// synced through byte `synced` writes it.
func journalRecord(payload: [UInt8], sequence: Int, synced: Int64 = 0) -> [UInt8] {
  Journal.Record.encode(
    sequence: sequence, synced: synced, payload: payload, payloadChecksum: CRC32C.checksum(payload))
}
