// The setting that names a data folder's store: read, written, and refused when it is wrong.

import Foundation
import LocalStoreTestSupport
import Persistence
import Testing

@Suite struct StoreKindTests {
  @Test func aFolderWithoutASettingUsesTheJournalStore() throws {
    let folder = try TemporaryDirectory()
    #expect(try StoreKind.current(in: folder.url) == .journal)
  }

  @Test func theChosenStoreIsTheOneReadBack() throws {
    let folder = try TemporaryDirectory()
    for kind in [StoreKind.sqlite, .journal, .sqlite] {
      try kind.choose(in: folder.url)
      #expect(try StoreKind.current(in: folder.url) == kind)
    }
    let setting = folder.url.appendingPathComponent(StoreKind.settingFilename)
    #expect(try String(contentsOf: setting, encoding: .utf8) == "sqlite\n")
  }

  /// Every word but the two names, and the two names with any case or spaces around them:
  /// only the names (spaces and a newline allowed) choose a store; anything else is an error
  /// that names the file, never a silent fallback to the journal store.
  @Test(arguments: ["", "SQLite", "sql", "journal!", "sqlite journal", "\u{1B}]0;x\u{7}"])
  func aSettingThatNamesNoStoreIsAnErrorNamingTheFile(_ word: String) throws {
    let folder = try TemporaryDirectory()
    let setting = folder.url.appendingPathComponent(StoreKind.settingFilename)
    try Data((word + "\n").utf8).write(to: setting)
    #expect {
      try StoreKind.current(in: folder.url)
    } throws: { error in
      guard case QuestionStoreError.unreadableSetting(let reason) = error else { return false }
      return reason.contains(setting.path) && reason.contains("names no store")
    }
  }

  @Test func eachStoreHasItsOwnFilesAndNoneIsAnother() {
    let files = StoreKind.allCases.flatMap { [$0.filename] + $0.companionFilenames }
    #expect(Set(files).count == files.count)
    #expect(StoreKind.journal.filename == "questions.json")
    #expect(StoreKind.sqlite.filename == "questions.sqlite")
  }
}
