// The full-screen title bar says where the sync stands, when the folder syncs.

import CommandLineKit
import Foundation
import LocalStore
import LocalStoreSyncKit
import LocalStoreTestSupport
import Models
import TerminalUI
import Testing
import ViewModels

@testable import App

@MainActor @Suite struct SyncStatusLineTests {
  @Test(arguments: [
    (SyncRoundResult(pending: 0, conflicts: 0, reachedServer: true), "synced"),
    (SyncRoundResult(pending: 2, conflicts: 0, reachedServer: true), "pending 2"),
    (SyncRoundResult(pending: 2, conflicts: 0, reachedServer: false), "offline, 2 pending"),
    (SyncRoundResult(pending: 1, conflicts: 1, reachedServer: true), "1 conflict"),
  ])
  func theTitleBarShowsTheSyncState(_ result: SyncRoundResult, _ words: String) async throws {
    let (plain, _) = await FullScreenFixtures.state(size: TerminalSize(columns: 80, rows: 24))
    let sync = SyncStatusModel { result }
    await sync.syncNow()
    let state = FullScreenState(model: plain.model, size: plain.size, sync: sync)
    // The title bar is the frame's first row, below the golden text's top border.
    let rows = GoldenFrame.text(of: FrameComposer.frame(for: state)).split(separator: "\n")
    #expect(rows.count > 2 && rows[1].contains(words + " · "), "\(rows.prefix(2))")
    let plainRows = GoldenFrame.text(of: FrameComposer.frame(for: plain)).split(separator: "\n")
    #expect(plainRows.count > 2 && !plainRows[1].contains(words + " · "))
  }

  @Test func aFolderThatNeverSyncedHasNoBackgroundSync() async throws {
    let folder = try TemporaryDirectory(prefix: "AppNoSync")
    let runner = CommandRunner(
      context: ProcessContext(environment: [:], currentDirectory: folder.url),
      console: CapturedConsole())
    #expect(
      await runner.backgroundSync(for: InMemoryRepository<Question>(), in: folder.url) == nil)
  }
}
