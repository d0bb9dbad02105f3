// swift-tools-version: 6.2
// __NAME__ for iOS, iPadOS and macOS: the SwiftUI app over this project's libraries. Open it in Xcode and Run.

import PackageDescription

#if canImport(AppleProductTypes)
  import AppleProductTypes
#endif

/// The settings of the project's UI layers, so the views build under the same rules.
let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
  .enableUpcomingFeature("InferIsolatedConformances"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .defaultIsolation(MainActor.self),
]

#if canImport(AppleProductTypes)
  /// In Xcode (and Swift Playgrounds): an app for iPhone and iPad, which Xcode also runs on a
  /// Mac with Apple silicon ("My Mac (Designed for iPad)"). Change the bundle identifier
  /// before you ship it.
  let products: [Product] = [
    .iOSApplication(
      name: "__NAME__",
      targets: ["AppModule"],
      bundleIdentifier: "com.example.__EXECUTABLE__",
      displayVersion: "1.0",
      bundleVersion: "1",
      appIcon: .placeholder(icon: .pencil),
      accentColor: .presetColor(.blue),
      supportedDeviceFamilies: [.pad, .phone],
      supportedInterfaceOrientations: [
        .portrait, .landscapeRight, .landscapeLeft,
        .portraitUpsideDown(.when(deviceFamilies: [.pad])),
      ])
  ]
#else
  /// With SwiftPM alone (`swift build`, `swift run`, no Xcode): an executable, the app itself
  /// on a Mac; on Linux it builds too, and says that it needs SwiftUI.
  let products: [Product] = [.executable(name: "__NAME__App", targets: ["AppModule"])]
#endif

let package = Package(
  name: "__NAME__App",
  platforms: [.iOS(.v17), .macOS(.v14)],
  products: products,
  // The project this folder sits in, whatever its folder is called, and the store's package it
  // carries (the page flows the views drive are its FlowKit's).
  dependencies: [
    .package(name: "__NAME__", path: ".."), .package(path: "../Packages/LocalStore"),
  ],
  targets: [
    // Not `App`: the project has an `App` target, and target names must be unique across
    // every package of a build.
    .executableTarget(
      name: "AppModule",
      dependencies: [
        .product(name: "Models", package: "__NAME__"),
        .product(name: "Persistence", package: "__NAME__"),
        .product(name: "ViewModels", package: "__NAME__"),
        .product(name: "FlowKit", package: "LocalStore"),
      ],
      swiftSettings: swiftSettings)
  ],
  swiftLanguageModes: [.v6]
)
