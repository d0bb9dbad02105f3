// Checks exercise 6: saves made from two screens both survive.

import ExerciseSupport
import Foundation
import Testing

@testable import Exercise06

@Suite struct AppStoresTests {
  @Test func savesFromBothScreensSurvive() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let stores = try AppStores(directory: folder.url)
    let list = try stores.notesForList()
    let editor = try stores.notesForEditor()
    let fromList = Note(text: "Added on the list")
    let fromEditor = Note(text: "Written in the editor")
    try await list.save(fromList)
    try await editor.save(fromEditor)
    let reopened = try await AppStores(directory: folder.url).notesForList().loadAll()
    #expect(
      reopened.contains(fromList),
      "the note saved from the list was lost: the editor's store wrote over it")
    #expect(reopened.contains(fromEditor), "the note saved from the editor was lost")
  }
}
