// swift-tools-version: 6.2
// The question bank: a template for thread-safe local persistence with Swift actors.

import PackageDescription

/// Settings shared by every target, so the whole package builds under the same rules.
let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
  .enableUpcomingFeature("InferIsolatedConformances"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

/// The same settings plus main-actor isolation by default, for the layers that drive a UI.
let uiSettings: [SwiftSetting] = swiftSettings + [.defaultIsolation(MainActor.self)]

let package = Package(
  name: "QuestionBank",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .library(name: "Models", targets: ["Models"]),
    .library(name: "Persistence", targets: ["Persistence"]),
    .library(name: "ViewModels", targets: ["ViewModels"]),
    .executable(name: "questions", targets: ["questions"]),
  ],
  dependencies: [
    // The store, its SQLite sibling and the terminal and command-line kits: a package of
    // their own, which any app depends on by path as this one does.
    .package(path: "Packages/LocalStore")
  ],
  targets: [
    // Layers: Models <- Persistence and ViewModels (independent of each other) <- App.
    // Persistence is the app's persistence layer: which store keeps the questions, their
    // files, moving between them, built on the generic LocalStore (any Codable & Identifiable
    // value); view models see only LocalStore's Repository protocol.
    .target(name: "Models", swiftSettings: swiftSettings),
    .target(
      name: "Persistence",
      dependencies: [
        "Models", .product(name: "LocalStore", package: "LocalStore"),
        .product(name: "LocalStoreSQLite", package: "LocalStore"),
        .product(name: "LocalStoreSync", package: "LocalStore"),
      ],
      swiftSettings: swiftSettings),
    .target(
      name: "ViewModels",
      dependencies: [
        "Models", .product(name: "LocalStore", package: "LocalStore"),
        .product(name: "FlowKit", package: "LocalStore"),
      ],
      swiftSettings: uiSettings),

    // Front end: the app's commands and pages over the package's terminal and command-line
    // kits, and a thin `main`.
    .target(
      name: "App",
      dependencies: [
        "Models", "Persistence", "ViewModels",
        .product(name: "LocalStore", package: "LocalStore"),
        .product(name: "LocalStoreSQLite", package: "LocalStore"),
        .product(name: "LocalStoreSync", package: "LocalStore"),
        .product(name: "LocalStoreSyncKit", package: "LocalStore"),
        .product(name: "TerminalUI", package: "LocalStore"),
        .product(name: "CommandLineKit", package: "LocalStore"),
        .product(name: "FlowKit", package: "LocalStore"),
      ],
      swiftSettings: uiSettings),
    .executableTarget(
      name: "questions",
      dependencies: ["App", .product(name: "CommandLineKit", package: "LocalStore")],
      swiftSettings: uiSettings),

    // Tests (the store's own are in its package: `make test` runs both)
    .executableTarget(
      name: "QuestionWriter",
      dependencies: [
        "Models", "ViewModels", .product(name: "LocalStore", package: "LocalStore"),
      ],
      path: "Tests/QuestionWriter",
      swiftSettings: swiftSettings),
    .testTarget(name: "ModelsTests", dependencies: ["Models"], swiftSettings: swiftSettings),
    .testTarget(
      name: "PersistenceTests",
      dependencies: [
        "Persistence", "Models", .product(name: "LocalStore", package: "LocalStore"),
        .product(name: "LocalStoreSQLite", package: "LocalStore"),
        .product(name: "LocalStoreTestSupport", package: "LocalStore"),
      ],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "ViewModelsTests",
      dependencies: [
        "ViewModels", "Models", .product(name: "LocalStore", package: "LocalStore"),
        .product(name: "FlowKit", package: "LocalStore"),
        .product(name: "LocalStoreTestSupport", package: "LocalStore"),
      ],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "AppTests",
      dependencies: [
        "App", "Models", "Persistence", "ViewModels",
        .product(name: "LocalStore", package: "LocalStore"),
        .product(name: "LocalStoreSQLite", package: "LocalStore"),
        .product(name: "LocalStoreSync", package: "LocalStore"),
        .product(name: "LocalStoreSyncKit", package: "LocalStore"),
        .product(name: "TerminalUI", package: "LocalStore"),
        .product(name: "CommandLineKit", package: "LocalStore"),
        .product(name: "FlowKit", package: "LocalStore"),
        .product(name: "LocalStoreTestSupport", package: "LocalStore"),
      ],
      exclude: ["Fixtures"],
      swiftSettings: swiftSettings),
  ],
  swiftLanguageModes: [.v6]
)
