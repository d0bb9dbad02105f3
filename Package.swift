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
    .executable(name: "questions", targets: ["App"]),
  ],
  targets: [
    // Layers: Models <- Persistence <- ViewModels <- App.
    .target(name: "Models", swiftSettings: swiftSettings),
    .target(name: "Persistence", swiftSettings: swiftSettings),
    .target(
      name: "ViewModels", dependencies: ["Models", "Persistence"], swiftSettings: uiSettings),

    // Front end
    .executableTarget(
      name: "App", dependencies: ["Models", "Persistence", "ViewModels"], swiftSettings: uiSettings),

    // Benchmarks: `make bench`. SQLite is the system library, for comparison only.
    .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
    .executableTarget(
      name: "Benchmarks", dependencies: ["Models", "Persistence", "CSQLite"],
      swiftSettings: swiftSettings),

    // Tests
    .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: swiftSettings),
    .executableTarget(
      name: "StoreWriter", dependencies: ["Models", "Persistence", "ViewModels"],
      path: "Tests/StoreWriter",
      swiftSettings: swiftSettings),
    .testTarget(name: "ModelsTests", dependencies: ["Models"], swiftSettings: swiftSettings),
    .testTarget(
      name: "PersistenceTests", dependencies: ["Persistence", "Models", "TestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "ViewModelsTests",
      dependencies: ["ViewModels", "Persistence", "Models", "TestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "AppTests",
      dependencies: ["App", "Models", "Persistence", "ViewModels", "TestSupport"],
      exclude: ["Fixtures"],
      swiftSettings: swiftSettings),
  ],
  swiftLanguageModes: [.v6]
)
