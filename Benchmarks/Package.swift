// swift-tools-version: 6.2
// The benchmark: the question bank's stores against the original pattern, SQLite, GRDB, write+fsync.

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
    .package(name: "QuestionBank", path: ".."),
    // The store's package inside it, which the app depends on the same way.
    .package(path: "../Packages/LocalStore"),
    // The peer the SQLite store is judged against: GRDB's DatabasePool (WAL). A dependency of
    // this package only, never of the library, the app or a template.
    .package(url: "https://github.com/groue/GRDB.swift.git", exact: "7.10.0"),
  ],
  targets: [
    // SQLite is the system library (`libsqlite3-dev`, `sqlite-devel`), for comparison only;
    // named apart from the store's own `LocalStoreCSQLite`, as target names are unique in a graph.
    .systemLibrary(name: "BenchmarkSQLite", path: "Sources/BenchmarkSQLite"),
    .executableTarget(
      name: "Benchmarks",
      dependencies: [
        .product(name: "Models", package: "QuestionBank"),
        .product(name: "LocalStore", package: "LocalStore"),
        .product(name: "LocalStoreSQLite", package: "LocalStore"),
        .product(name: "LocalStoreSync", package: "LocalStore"),
        .product(name: "GRDB", package: "GRDB.swift"),
        "BenchmarkSQLite",
      ],
      swiftSettings: swiftSettings),
  ],
  swiftLanguageModes: [.v6]
)
