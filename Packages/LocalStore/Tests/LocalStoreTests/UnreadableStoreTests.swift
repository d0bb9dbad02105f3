// A store that exists but cannot be read makes the repository throw and stay away from it.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite struct UnreadableStoreTests {
  /// Bad file contents, and what the error must say about them.
  static let badContents: [(name: String, bytes: [UInt8], mentions: String)] = [
    ("empty", [], "empty"),
    ("white space", Array("  \n".utf8), "empty"),
    ("all zeros", [UInt8](repeating: 0, count: 64), "not valid JSON"),
    ("null", Array("null".utf8), "top level"),
    ("a number", Array("42".utf8), "top level"),
    ("wrong schema", Array(#"[{"id":"nope","title":1}]"#.utf8), "[0].id"),
    (
      "missing key",
      Array(
        #"{"version":1,"items":[{"id":"3F2A1B4C-0000-4000-8000-000000000001","title":"p","tags":[]}]}"#
          .utf8), "text"
    ),
    ("envelope without items", Array(#"{"version":1}"#.utf8), "items"),
    (
      "invalid UTF-8", Array(#"[{"title":""#.utf8) + [0xFF, 0xFE] + Array(#""}]"#.utf8),
      "UTF-8 at byte 11"
    ),
    ("syntax error", Array(#"{"version":1,"items":[}"#.utf8), "character"),
  ]

  @Test(arguments: badContents)
  func badContentsThrowAndLeaveTheBytesUntouched(
    name: String, contents: [UInt8], mentions: String
  ) throws {
    let folder = try TemporaryDirectory()
    let file = folder.appending("q.json")
    try Data(contents).write(to: file)
    let error = try #require(throws: PersistenceError.self) {
      try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    }
    guard case .corrupt(let url, let reason) = error else {
      Issue.record("expected .corrupt, got \(error)")
      return
    }
    #expect(url.path == file.path)
    #expect(reason.contains(mentions), "\(name): \(reason)")
    #expect(error.description.contains("q.json"))
    #expect(error.description.contains("left untouched"))
    #expect(bytes(of: file) == Data(contents))
  }

  @Test func aTruncatedStoreThrowsAtEveryLength() async throws {
    let folder = try TemporaryDirectory()
    let repository = try LocalRepository<Note>(directory: folder.url, filename: "full.json")
    try await repository.save(contentsOf: sampleNotes(3))
    let full = try #require(bytes(of: folder.appending("full.json")))
    // Every cut that drops the closing bracket; the last byte is a newline, which may go.
    for length in 0..<(full.count - 2) {
      let file = folder.appending("cut.json")
      try full.prefix(length).write(to: file)
      #expect(throws: PersistenceError.self, "length \(length)") {
        try LocalRepository<Note>(directory: folder.url, filename: "cut.json")
      }
      #expect(bytes(of: file) == full.prefix(length))
    }
  }

  @Test func duplicateIdentifiersAreRefused() throws {
    let folder = try TemporaryDirectory()
    let note = Note(title: "p", text: "a")
    let file = folder.appending("q.json")
    let data = try JSONEncoder().encode([note, note])
    try data.write(to: file)
    #expect(throws: PersistenceError.duplicateID(file, id: note.id.uuidString)) {
      try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    }
    #expect(bytes(of: file) == data)
  }

  @Test func aNewerFormatVersionIsRefused() throws {
    let folder = try TemporaryDirectory()
    let file = folder.appending("q.json")
    let data = Data(#"{"version":7,"items":[]}"#.utf8)
    try data.write(to: file)
    #expect(throws: PersistenceError.unsupportedVersion(file, version: 7, newest: 1)) {
      try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    }
    #expect(bytes(of: file) == data)
  }

  /// The error names the store's file as the file it should be: the URL is made from the
  /// path alone (`isDirectory: false`), without the `lstat` Foundation makes to tell a
  /// folder's URL, which would end in `/` here.
  @Test func aFolderAtTheStorePathIsRefused() throws {
    let folder = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      at: folder.appending("q.json"), withIntermediateDirectories: false)
    let file = folder.url.appendingPathComponent("q.json", isDirectory: false)
    #expect(throws: PersistenceError.notARegularFile(file, found: "a folder")) {
      try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    }
  }

  @Test func aFifoAtTheStorePathIsRefusedWithoutBlocking() throws {
    let folder = try TemporaryDirectory()
    let path = folder.appending("q.json").path
    try #require(mkfifo(path, 0o600) == 0)
    #expect(throws: PersistenceError.notARegularFile(folder.appending("q.json"), found: "a FIFO")) {
      try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    }
  }

  /// The journal is read through the same checked path as the snapshot, so it is refused
  /// with the same case and a sentence that names what was found once.
  @Test(arguments: ["a folder", "a FIFO"])
  func somethingOtherThanAFileAtTheJournalPathIsNamedOnce(found: String) async throws {
    let folder = try TemporaryDirectory()
    let repository = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    try await repository.save(Note(title: "p", text: "a"))
    let journal = folder.appending("q.json.journal")
    try? FileManager.default.removeItem(at: journal)
    if found == "a folder" {
      try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: false)
    } else {
      try #require(mkfifo(journal.path, 0o600) == 0)
    }
    let error = try #require(throws: PersistenceError.self) {
      try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    }
    guard case .notARegularFile(let url, found: let named) = error else {
      Issue.record("expected .notARegularFile, got \(error)")
      return
    }
    #expect(url.path == journal.path)
    #expect(named == found)
    let sentence = error.description
    #expect(sentence.hasPrefix("\(url.path) is \(found), not a regular file;"), "\(sentence)")
    #expect(sentence.components(separatedBy: "not a regular file").count == 2, "\(sentence)")
  }

  @Test func aFileOverTheSizeLimitIsNotRead() throws {
    let folder = try TemporaryDirectory()
    let file = folder.appending("q.json")
    try Data(repeating: UInt8(ascii: " "), count: 2_048).write(to: file)
    var configuration = StoreConfiguration()
    configuration.maximumFileSize = 1_024
    #expect(throws: PersistenceError.fileTooLarge(file, size: 2_048, limit: 1_024)) {
      try LocalRepository<Note>(
        directory: folder.url, filename: "q.json", configuration: configuration)
    }
  }

  /// The cap is inclusive, as for writes: a store of exactly `maximumFileSize` bytes opens.
  @Test func aFileOfExactlyTheSizeLimitOpens() async throws {
    let folder = try TemporaryDirectory()
    let note = Note(title: "At the cap?", text: "yes")
    try await LocalRepository<Note>(directory: folder.url, filename: "q.json").save(note)
    let size = try fileStatus(of: folder.appending("q.json")).size
    var configuration = StoreConfiguration()
    configuration.maximumFileSize = size
    let reopened = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: configuration)
    #expect(await reopened.loadAll() == [note])
  }

  @Test(arguments: ["", ".", "..", "a/b", "/etc/passwd", "nul\0byte"])
  func invalidFilenamesAreRefused(filename: String) throws {
    let folder = try TemporaryDirectory()
    let error = try #require(throws: PersistenceError.self) {
      try LocalRepository<Note>(directory: folder.url, filename: filename)
    }
    guard case .invalidFilename(let name, _) = error else {
      Issue.record("expected .invalidFilename, got \(error)")
      return
    }
    #expect(name == filename)
  }
}
