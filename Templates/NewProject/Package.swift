// swift-tools-version: 6.2
// __NAME__: __model__ values stored durably on disk, with commands and a full-screen terminal list.

import PackageDescription

/// Settings shared by every target, so the whole package builds under the same rules.
let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
  .enableUpcomingFeature("InferIsolatedConformances"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

/// The same settings plus main-actor isolation by default, for the layers that drive a UI.
let uiSettings: [SwiftSetting] = swiftSettings + [.defaultIsolation(MainActor.self)]

/// The store's package, carried in this project's folder unchanged from the template
/// (template-origin.txt): the store, the terminal and command-line kits, their test helpers.
func store(_ product: String) -> Target.Dependency {
  .product(name: product, package: "LocalStore")
}

let package = Package(
  name: "__NAME__",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    // The layers an iOS or macOS app target in Xcode links against (see README.md).
    .library(name: "Models", targets: ["Models"]),
    .library(name: "Persistence", targets: ["Persistence"]),
    .library(name: "ViewModels", targets: ["ViewModels"]),
    .executable(name: "__EXECUTABLE__", targets: ["__EXECUTABLE__"]),
  ],
  dependencies: [.package(path: "Packages/LocalStore")],
  targets: [
    // Layers: Models <- Persistence <- ViewModels <- App. Persistence is this app's
    // persistence layer: each model's store and its file, over the generic LocalStore.
    .target(name: "Models", swiftSettings: swiftSettings),
    .target(
      name: "Persistence",
      dependencies: [
        "Models", store("LocalStore"), store("LocalStoreSync"),
        // store: sqlite
        store("LocalStoreSQLite"),
        // store: end
      ],
      swiftSettings: swiftSettings),
    .target(
      name: "ViewModels",
      dependencies: [
        "Models", "Persistence", store("LocalStore"), store("LocalStoreSync"),
        store("LocalStoreSyncKit"), store("FlowKit"),
      ],
      swiftSettings: uiSettings),

    // Front end: the app's commands and screen over the package's terminal toolkit and
    // command-line plumbing (console, arguments, data folder, exit codes); a thin `main`.
    .target(
      name: "App",
      dependencies: [
        "Models", "Persistence", "ViewModels", store("LocalStore"), store("TerminalUI"),
        store("CommandLineKit"), store("LocalStoreSync"), store("LocalStoreSyncKit"),
        store("FlowKit"),
      ],
      swiftSettings: uiSettings),
    .executableTarget(
      name: "__EXECUTABLE__", dependencies: ["App", store("CommandLineKit")],
      swiftSettings: uiSettings),

    // Tests (the store's own: `make test-store`)
    .testTarget(name: "ModelsTests", dependencies: ["Models"], swiftSettings: swiftSettings),
    .testTarget(
      name: "ViewModelsTests",
      dependencies: [
        "ViewModels", "Persistence", "Models", store("LocalStore"), store("FlowKit"),
        store("LocalStoreTestSupport"),
        // store: sqlite
        store("LocalStoreSQLite"),
        // store: end
      ],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "AppTests",
      dependencies: [
        "App", "Models", "ViewModels", store("LocalStore"), store("CommandLineKit"),
        store("LocalStoreSync"), store("LocalStoreSyncKit"), store("FlowKit"),
        store("LocalStoreTestSupport"),
      ],
      swiftSettings: swiftSettings),
  ],
  swiftLanguageModes: [.v6]
)
