// A follower whose folder is removed or renamed away creates nothing and follows the new one.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite(.timeLimit(.minutes(1))) struct RemovedFolderTests {
  /// What happens to the data folder while a repository follows it.
  enum FolderRemoval: String, CaseIterable, Sendable {
    /// `rm -r data`.
    case removed
    /// `mv data data.old`: an inotify watch follows the folder to its new name.
    case renamedAway
  }

  private func remove(_ folder: URL, _ removal: FolderRemoval) throws {
    switch removal {
    case .removed:
      try FileManager.default.removeItem(at: folder)
    case .renamedAway:
      try FileManager.default.moveItem(
        at: folder, to: folder.deletingLastPathComponent().appendingPathComponent("data.old"))
    }
  }

  @Test(arguments: FolderRemoval.allCases)
  func aFollowerWhoseFolderWentAwayCreatesNothingAndFollowsTheNewOne(
    removal: FolderRemoval
  ) async throws {
    let parent = try TemporaryDirectory()
    let folder = parent.appending("data")
    let writer = try LocalRepository<Note>(directory: folder, filename: "q.json")
    try await writer.save(Note(title: "before", text: "a"))
    let follower = try LocalRepository<Note>(directory: folder, filename: "q.json")
    var changes = await follower.changes().makeAsyncIterator()

    try remove(folder, removal)
    // The follower shows what is at the path now, nothing, as a new repository would...
    while await !follower.loadAll().isEmpty { _ = try #require(await changes.next()) }
    // ... and puts nothing back there, however many times it is woken meanwhile.
    try await Task.sleep(for: .milliseconds(300))
    #expect(!FileManager.default.fileExists(atPath: folder.path))

    // A store made anew at the path is followed, although the folder first watched is gone.
    let newWriter = try LocalRepository<Note>(directory: folder, filename: "q.json")
    let note = Note(title: "after", text: "b")
    try await newWriter.save(note)
    while await follower.find(by: note.id) == nil { _ = try #require(await changes.next()) }
    #expect(await follower.loadAll() == [note])
    withExtendedLifetime(parent) {}
  }
}
