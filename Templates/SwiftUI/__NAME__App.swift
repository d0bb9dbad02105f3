// The SwiftUI app: opens the stores off the main thread, shows a tab per stored model, syncs in the background.

#if canImport(SwiftUI)
  import Foundation
  import Persistence
  import SwiftUI
  import ViewModels

  #if os(macOS)
    import AppKit
  #endif

  /// The entry point of the app package `__NAME__App.swiftpm`, on iOS, iPadOS and macOS.
  ///
  /// Every decision is a call on ``__NAME__Session``, which the project's tests drive on any
  /// platform: it opens the stores in the app's data folder without blocking the main thread
  /// ("Opening…" meanwhile, the reason if they cannot be opened, and a Try Again button),
  /// builds the same ``__NAME__Model`` the terminal app drives, and makes every save durable
  /// when the app goes to the background. The window follows the stores once, for every tab,
  /// for as long as it is open (`.task` cancels it when the window goes away), and, once the
  /// folder has synced, syncs it in the background (``__NAME__Sync``), its state under the tabs.
  @main
  struct __NAME__App: App {
    /// The app's data folder: the stores, and the sync credentials once `__EXECUTABLE__ sync`
    /// ran there.
    private static let folder = DataDirectory.url(appName: "__EXECUTABLE__")
    @State private var session = __NAME__Session(folder: Self.folder)
    /// The background sync, once the folder has synced; `nil` before, and nothing is shown.
    @State private var sync: __NAME__Sync?
    @Environment(\.scenePhase) private var scenePhase

    init() {
      #if os(macOS)
        // `swift run` starts a bare executable as a background process: make it a regular
        // app, with a Dock icon, a menu bar and the keyboard. An app bundle already is one.
        NSApplication.shared.setActivationPolicy(.regular)
        NSApplication.shared.activate()
      #endif
    }

    var body: some Scene {
      WindowGroup {
        Group {
          switch session.phase {
          case .opening:
            ProgressView("Opening…")
          case .open(let model):
            TabView {
              __MODEL__ListView(model: model.__models__)
                .tabItem { Label("__Models__", systemImage: "list.bullet") }
              // add-model: tabs
            }
            .safeAreaInset(edge: .bottom) {
              if let sync { SyncStatusBar(sync: sync) }
            }
            .task { await model.followChanges() }
            .task {
              // The same rounds as the terminal app's: at once, after each change, every
              // minute; cancelled with the window.
              sync = await __NAME__Sync.open(in: Self.folder)
              await sync?.keepSynced()
            }
          case .failed(let reason):
            ContentUnavailableView {
              Label("The data could not be opened", systemImage: "exclamationmark.triangle")
            } description: {
              Text(reason)
            } actions: {
              Button("Try Again") { session.retry() }
            }
          }
        }
        .task { await session.open() }
      }
      .onChange(of: scenePhase) { _, phase in
        if phase == .background { session.sceneDidEnterBackground() }
      }
    }
  }
#else
  import Foundation

  /// Where there is no SwiftUI (Linux), the app package still builds, so that its manifest
  /// and its dependency on the project are checked there. Running it is an error, not a
  /// success that did nothing: it says on standard error what it needs and exits 1, so a
  /// script that runs it learns that no app ran.
  @main
  enum __NAME__App {
    static func main() {
      FileHandle.standardError.write(
        Data(
          ("__NAME__App: error: this app needs SwiftUI, which this system does not have; nothing"
            + " ran. Open __NAME__App.swiftpm in Xcode on a Mac, or run"
            + " `swift run --package-path __NAME__App.swiftpm` in a Mac's Terminal. On this"
            + " system, `make run` runs the command-line and full-screen app.\n").utf8))
      exit(1)
    }
  }
#endif
