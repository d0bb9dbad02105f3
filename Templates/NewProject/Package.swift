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
  targets: [
    // Layers: Models and Persistence (independent of each other) <- ViewModels <- App.
    // Persistence is generic: it stores any Codable & Identifiable value and imports no Models.
    .target(name: "Models", swiftSettings: swiftSettings),
    .target(name: "Persistence", swiftSettings: swiftSettings),
    .target(
      name: "ViewModels", dependencies: ["Models", "Persistence"], swiftSettings: uiSettings),

    // Front end: a generic terminal toolkit and the command-line plumbing (console, arguments,
    // data folder, exit codes), both copied from the template; the app's commands and screen;
    // a thin `main`.
    .target(name: "TerminalUI", swiftSettings: swiftSettings),
    .target(
      name: "CommandLineKit", dependencies: ["TerminalUI"],
      swiftSettings: swiftSettings),
    .target(
      name: "App",
      dependencies: ["Models", "Persistence", "ViewModels", "TerminalUI", "CommandLineKit"],
      swiftSettings: uiSettings),
    .executableTarget(
      name: "__EXECUTABLE__", dependencies: ["App", "CommandLineKit"], swiftSettings: uiSettings),

    // Tests
    .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: swiftSettings),
    .testTarget(name: "ModelsTests", dependencies: ["Models"], swiftSettings: swiftSettings),
    // The store's own suites, copied from the template: they store a test type of their own
    // and need no Models.
    .testTarget(
      name: "PersistenceTests", dependencies: ["Persistence", "TestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "TerminalUITests", dependencies: ["TerminalUI", "TestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "CommandLineKitTests", dependencies: ["CommandLineKit", "TestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "ViewModelsTests",
      dependencies: ["ViewModels", "Persistence", "Models", "TestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "AppTests",
      dependencies: ["App", "Models", "ViewModels", "CommandLineKit", "TestSupport"],
      swiftSettings: swiftSettings),
  ],
  swiftLanguageModes: [.v6]
)
