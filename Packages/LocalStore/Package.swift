// swift-tools-version: 6.2
// LocalStore: a thread-safe store of Codable values on disk, built on a Swift actor, with a
// SQLite store beside it and the terminal and command-line kits of the apps built on it.
//
// Any package depends on it by path, whatever its own targets are called:
//   .package(path: "Packages/LocalStore")
//   .product(name: "LocalStore", package: "LocalStore")
// Its module names (LocalStore, LocalStoreSQLite, LocalStoreCSQLite, LocalStoreSync,
// LocalStoreSyncKit, TerminalUI, CommandLineKit, FlowKit, LocalStoreTestSupport, StoreWriter,
// SyncDevice) leave an app's layers (Models, Persistence, ViewModels, App) free: SwiftPM
// refuses two targets of one name in a graph.

import PackageDescription

/// Settings shared by every target, so the whole package builds under the same rules.
let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
  .enableUpcomingFeature("InferIsolatedConformances"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "LocalStore",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .library(name: "LocalStore", targets: ["LocalStore"]),
    .library(name: "LocalStoreSQLite", targets: ["LocalStoreSQLite"]),
    .library(name: "TerminalUI", targets: ["TerminalUI"]),
    .library(name: "CommandLineKit", targets: ["CommandLineKit"]),
    .library(name: "LocalStoreSync", targets: ["LocalStoreSync"]),
    .library(name: "LocalStoreSyncKit", targets: ["LocalStoreSyncKit"]),
    .library(name: "FlowKit", targets: ["FlowKit"]),
    // Helpers for the tests of apps built on the store: temporary folders, child processes,
    // a pseudo-terminal and a screen emulator, the tests' own `Note`.
    .library(name: "LocalStoreTestSupport", targets: ["LocalStoreTestSupport"]),
  ],
  targets: [
    // The store: Engine (the files and their bytes: journal, snapshot, format, salvage),
    // Typed (the repository of Codable values over them), Watching (other writers'
    // changes), Platform (file system, lock, executor).
    .target(name: "LocalStore", swiftSettings: swiftSettings),
    // The SQLite store: a module of its own over the system's SQLite (`libsqlite3-dev`; the
    // SDK's on Apple platforms), so that a target that does not use it links none of it.
    .systemLibrary(
      name: "LocalStoreCSQLite", path: "Sources/LocalStoreCSQLite",
      providers: [.apt(["libsqlite3-dev"]), .yum(["sqlite-devel"])]),
    .target(
      name: "LocalStoreSQLite", dependencies: ["LocalStore", "LocalStoreCSQLite"],
      swiftSettings: swiftSettings),
    // Sync with a Kinto server: a module of its own (Foundation's URLSession, no packages), so
    // that a store that does not sync links none of it. Its synced store is a LocalRepository
    // of envelopes, so it depends on the store, never the other way round.
    .target(name: "LocalStoreSync", dependencies: ["LocalStore"], swiftSettings: swiftSettings),
    // Front-end kits: a generic terminal toolkit, and the command-line plumbing every tool
    // made from the template shares (console, arguments, data folder, exit codes).
    .target(name: "TerminalUI", swiftSettings: swiftSettings),
    .target(name: "CommandLineKit", dependencies: ["TerminalUI"], swiftSettings: swiftSettings),
    // The sync front end every app made from the template shares: the `sync` command, its
    // reports and errors, the remembered credentials, the background sync and its status
    // model; generic over the stored value, worded for the app.
    .target(
      name: "LocalStoreSyncKit",
      dependencies: ["LocalStore", "LocalStoreSync", "CommandLineKit", "TerminalUI"],
      swiftSettings: swiftSettings),
    // The view models every app shares over a store's values: the list (loading, following
    // changes, search, pages), and the flows over it (the form, the confirmation before a
    // deletion, an edit conflict, the notices, the SwiftUI bindings). Generic over the value,
    // its filter and its form.
    .target(name: "FlowKit", dependencies: ["LocalStore"], swiftSettings: swiftSettings),

    // Tests
    .target(
      name: "LocalStoreTestSupport", path: "Tests/LocalStoreTestSupport",
      swiftSettings: swiftSettings),
    // The child process of the crash, permission and multi-process tests.
    .executableTarget(
      name: "StoreWriter",
      dependencies: ["LocalStore", "LocalStoreSQLite", "LocalStoreTestSupport"],
      path: "Tests/StoreWriter", swiftSettings: swiftSettings),
    // The child process of the sync kill loop: edits and syncs a synced store until killed.
    .executableTarget(
      name: "SyncDevice", dependencies: ["LocalStoreSync", "LocalStoreTestSupport"],
      path: "Tests/SyncDevice", swiftSettings: swiftSettings),
    .testTarget(
      name: "LocalStoreTests",
      dependencies: ["LocalStore", "LocalStoreSQLite", "LocalStoreSync", "LocalStoreTestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "LocalStoreSQLiteTests",
      dependencies: [
        "LocalStoreSQLite", "LocalStore", "LocalStoreCSQLite", "LocalStoreTestSupport",
      ],
      swiftSettings: swiftSettings),
    // The sync tests: fast ones always; against a real Kinto (scripts/sync-server) when
    // SYNC_SERVER_TESTS is memory or postgresql (`make check`).
    .testTarget(
      name: "LocalStoreSyncTests",
      dependencies: ["LocalStoreSync", "LocalStore", "LocalStoreTestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "LocalStoreSyncKitTests",
      dependencies: [
        "LocalStoreSyncKit", "LocalStoreSync", "LocalStore", "CommandLineKit",
        "LocalStoreTestSupport",
      ],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "TerminalUITests", dependencies: ["TerminalUI", "LocalStoreTestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "FlowKitTests", dependencies: ["FlowKit", "LocalStore", "LocalStoreTestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "CommandLineKitTests", dependencies: ["CommandLineKit", "LocalStoreTestSupport"],
      swiftSettings: swiftSettings),
  ],
  swiftLanguageModes: [.v6]
)
