// The SwiftUI app: opens the stores in Application Support and shows a tab per stored model.

#if canImport(SwiftUI)
  import Foundation
  import Models
  import Persistence
  import SwiftUI
  import ViewModels

  /// The entry point of an iOS or macOS app target that links the package's `Models`,
  /// `Persistence` and `ViewModels` libraries.
  ///
  /// It builds the same ``__NAME__Model`` the terminal app drives, on `LocalRepository`
  /// stores in the app's data folder, and follows every store for as long as the window is
  /// open (`.task` cancels it when the window goes away).
  @main
  struct __NAME__App: App {
    @State private var model: __NAME__Model?
    @State private var failure: String?

    var body: some Scene {
      WindowGroup {
        if let model {
          TabView {
            __MODEL__ListView(model: model.__models__)
              .tabItem { Label("__Models__", systemImage: "list.bullet") }
            // add-model: tabs
          }
          .task { await model.followChanges() }
        } else {
          Text(failure ?? "Opening…")
            .task { open() }
        }
      }
    }

    /// Opens the stores, or shows why they could not be opened.
    private func open() {
      do {
        let folder = DataDirectory.url(
          appName: "__EXECUTABLE__", environment: ProcessInfo.processInfo.environment)
        model = __NAME__Model(
          __models__: __MODEL__PageModel(
            list: __MODEL__ListViewModel(
              repository: try LocalRepository<__MODEL__>(
                directory: folder, filename: "__EXECUTABLE__.json"))),
          // add-model: stores
        )
      } catch {
        failure = String(describing: error)
      }
    }
  }
#endif
