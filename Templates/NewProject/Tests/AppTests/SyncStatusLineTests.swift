// The full-screen app's title bar says where the background sync stands, once the folder syncs.

import Foundation
import LocalStore
import LocalStoreSync
import LocalStoreSyncKit
import LocalStoreTestSupport
import Models
import Testing
// store: journal

@Suite(.serialized) struct SyncStatusLineTests {
  private let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "__NAME__SyncLine")
  }

  private var executable: URL { BuiltProducts.executable("__EXECUTABLE__") }

  /// Opens the full-screen app on the test's folder, waits for its first frame, and returns
  /// it with its title bar.
  private func openScreen() throws -> (PseudoTerminal, String) {
    let terminal = try PseudoTerminal(
      executable: executable, arguments: ["--data-dir", folder.url.path],
      environment: ["__ENV_PREFIX___DATA_DIR": nil, "NO_COLOR": "1"], columns: 100, rows: 24)
    try terminal.waitForText("j/k move")
    return (terminal, terminal.screen.line(0))
  }

  /// A folder that never synced shows nothing of sync; one that synced and whose server now
  /// refuses runs its background round at once, and the title bar says offline with what
  /// waits, then counts a change made on the screen.
  @Test func theTitleBarShowsTheBackgroundSyncOnceTheFolderSyncs() async throws {
    let added = try await ChildProcess.run(
      executable, ["--data-dir", folder.url.path, "add", "First"],
      environment: ["__ENV_PREFIX___DATA_DIR": nil])
    try #require(added.status == 0, "\(added.standardError)")
    let (plain, plainTitle) = try openScreen()
    #expect(!plainTitle.contains("·") && !plainTitle.contains("pending"), "\(plainTitle)")
    try plain.send("q")
    _ = try plain.waitForExit()

    let store = try await LocalRepository<__MODEL__>.open(
      directory: folder.url, filename: "__STORE__")
    _ = try await SyncedStoreSwitch(directory: folder.url, filename: "__STORE__").move(
      from: store
    ) { store }
    let server = try #require(URL(string: "http://127.0.0.1:9/v1"))
    try SyncCredentials(server: server, user: "u", password: "p").save(in: folder.url)
    let (terminal, _) = try openScreen()
    try terminal.waitForText("offline, 1 pending · 1")
    try terminal.send("a")
    try terminal.waitForText("New __MODEL__")
    try terminal.send("Second\r")
    // The change is a round's reason to run: two seconds after it, offline again, 2 pending.
    try terminal.waitForText("offline, 2 pending · 2", timeout: .seconds(20))
    try terminal.send("q")
    _ = try terminal.waitForExit()
  }
}
// store: end
