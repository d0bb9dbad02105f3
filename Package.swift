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
    .library(name: "TerminalUI", targets: ["TerminalUI"]),
    .library(name: "CommandLineKit", targets: ["CommandLineKit"]),
    .executable(name: "questions", targets: ["questions"]),
  ],
  targets: [
    // Layers: Models and Persistence (independent of each other) <- ViewModels <- App.
    // Persistence is generic: it stores any Codable & Identifiable value and imports no Models.
    .target(name: "Models", swiftSettings: swiftSettings),
    .target(name: "Persistence", swiftSettings: swiftSettings),
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
      dependencies: ["Models", "Persistence", "ViewModels", "TerminalUI", "CommandLineKit"],
      swiftSettings: uiSettings),
    .executableTarget(
      name: "questions", dependencies: ["App", "CommandLineKit"], swiftSettings: uiSettings),

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
      name: "TerminalUITests", dependencies: ["TerminalUI", "TestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "CommandLineKitTests", dependencies: ["CommandLineKit", "TestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "AppTests",
      dependencies: [
        "App", "Models", "Persistence", "ViewModels", "TerminalUI", "CommandLineKit",
        "TestSupport",
      ],
      exclude: ["Fixtures"],
      swiftSettings: swiftSettings),
  ],
  swiftLanguageModes: [.v6]
)
