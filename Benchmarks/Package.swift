// swift-tools-version: 6.2
// The benchmark: the question bank's repository against the original pattern, SQLite, write+fsync.

import PackageDescription

/// The root package's settings, so the benchmark builds under the same rules as what it measures.
let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
  .enableUpcomingFeature("InferIsolatedConformances"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "Benchmarks",
  platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [
    // The package in the folder above, named so that the products below resolve whatever
    // that folder is called (a path dependency's identity is the folder's last component).
    .package(name: "QuestionBank", path: "..")
  ],
  targets: [
    // SQLite is the system library (`libsqlite3-dev`, `sqlite-devel`), for comparison only.
    .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
    .executableTarget(
      name: "Benchmarks",
      dependencies: [
        .product(name: "Models", package: "QuestionBank"),
        .product(name: "Persistence", package: "QuestionBank"),
        "CSQLite",
      ],
      swiftSettings: swiftSettings),
  ],
  swiftLanguageModes: [.v6]
)
