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
    .library(name: "SQLitePersistence", targets: ["SQLitePersistence"]),
    .library(name: "ViewModels", targets: ["ViewModels"]),
    .library(name: "TerminalUI", targets: ["TerminalUI"]),
    .library(name: "CommandLineKit", targets: ["CommandLineKit"]),
    .executable(name: "questions", targets: ["questions"]),
  ],
  targets: [
    // Layers: Models and Persistence (independent of each other) <- ViewModels <- App;
    // SQLitePersistence beside Persistence, for stores that outgrow memory.
    // Persistence is generic: it stores any Codable & Identifiable value and imports no Models.
    .target(name: "Models", swiftSettings: swiftSettings),
    .target(name: "Persistence", swiftSettings: swiftSettings),
    // The SQLite store: a module of its own over the system's SQLite (`libsqlite3-dev`; the
    // SDK's on Apple platforms), so that a target that does not use it links none of it.
    .systemLibrary(
      name: "CSQLite", path: "Sources/CSQLite",
      providers: [.apt(["libsqlite3-dev"]), .yum(["sqlite-devel"])]),
    .target(
      name: "SQLitePersistence", dependencies: ["Persistence", "CSQLite"],
      swiftSettings: swiftSettings),
    .target(
      name: "ViewModels", dependencies: ["Models", "Persistence"], swiftSettings: uiSettings),

    // Front end: a generic terminal toolkit, the command-line plumbing every tool made from
    // this template shares (console, arguments, data folder, exit codes), the app's commands
    // and pages, and a thin `main`.
    .target(name: "TerminalUI", swiftSettings: swiftSettings),
    .target(
      name: "CommandLineKit", dependencies: ["TerminalUI"],
      swiftSettings: swiftSettings),
    .target(
      name: "App",
      dependencies: [
        "Models", "Persistence", "SQLitePersistence", "ViewModels", "TerminalUI",
        "CommandLineKit",
      ],
      swiftSettings: uiSettings),
    .executableTarget(
      name: "questions", dependencies: ["App", "CommandLineKit"], swiftSettings: uiSettings),

    // Tests
    .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: swiftSettings),
    .executableTarget(
      name: "StoreWriter",
      dependencies: ["Models", "Persistence", "SQLitePersistence", "ViewModels"],
      path: "Tests/StoreWriter",
      swiftSettings: swiftSettings),
    .testTarget(name: "ModelsTests", dependencies: ["Models"], swiftSettings: swiftSettings),
    .testTarget(
      name: "PersistenceTests",
      dependencies: ["Persistence", "SQLitePersistence", "Models", "TestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "SQLitePersistenceTests",
      dependencies: ["SQLitePersistence", "Persistence", "CSQLite", "TestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "ViewModelsTests",
      dependencies: ["ViewModels", "Persistence", "Models", "TestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "TerminalUITests", dependencies: ["TerminalUI", "TestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "CommandLineKitTests", dependencies: ["CommandLineKit", "TestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "AppTests",
      dependencies: [
        "App", "Models", "Persistence", "SQLitePersistence", "ViewModels", "TerminalUI",
        "CommandLineKit", "TestSupport",
      ],
      exclude: ["Fixtures"],
      swiftSettings: swiftSettings),
  ],
  swiftLanguageModes: [.v6]
)
