// swift-tools-version: 6.2
// Practice: small broken exercises on thread-safe persistence, each checked by its own tests.

import PackageDescription

/// The root package's settings, so the exercises build under the same rules as the code they teach.
let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
  .enableUpcomingFeature("InferIsolatedConformances"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

/// The exercises in the tutorial's order: folder name, module name, and the file left out of the
/// module when the compiler is the teacher (its test compiles it apart, so that the package
/// builds while that file does not).
let exercises: [(folder: String, module: String, compiledByTest: String?)] = [
  ("01-lock-to-actor", "Exercise01", "VisitCounter.swift"),
  ("02-corrupt-file", "Exercise02", nil),
  ("03-failed-write", "Exercise03", nil),
  ("04-detached-write", "Exercise04", nil),
  ("05-check-then-act", "Exercise05", nil),
  ("06-two-instances", "Exercise06", nil),
  ("07-follow-changes", "Exercise07", nil),
  ("08-conditional-save", "Exercise08", nil),
  ("09-renamed-field", "Exercise09", nil),
  ("10-tight-loop", "Exercise10", nil),
  ("11-non-sendable", "Exercise11", "Composer.swift"),
  ("12-own-executor", "Exercise12", nil),
]

/// The products of the store's package, in the question bank two levels up.
let persistence = Target.Dependency.product(name: "LocalStore", package: "LocalStore")
let terminalUI = Target.Dependency.product(name: "TerminalUI", package: "LocalStore")

/// One target with the code the learner edits, and one test target, per exercise.
let exerciseTargets: [Target] = exercises.flatMap { exercise in
  [
    Target.target(
      name: exercise.module, dependencies: [persistence], path: "Exercises/\(exercise.folder)",
      exclude: exercise.compiledByTest.map { [$0] } ?? [], swiftSettings: swiftSettings),
    Target.testTarget(
      name: "\(exercise.module)Tests",
      dependencies: [.target(name: exercise.module), "ExerciseSupport", persistence],
      path: "Tests/\(exercise.module)Tests", swiftSettings: swiftSettings),
  ]
}

let package = Package(
  name: "Practice",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .executable(name: "practice", targets: ["practice"])
  ],
  dependencies: [
    // The store's package in the question bank: the store and the terminal toolkit.
    .package(path: "../../Packages/LocalStore")
  ],
  targets: [
    // The watch mode and the commands: a library the tests reach, and a thin executable.
    .target(
      name: "PracticeKit", dependencies: [persistence, terminalUI], swiftSettings: swiftSettings),
    .executableTarget(
      name: "practice", dependencies: ["PracticeKit"], swiftSettings: swiftSettings),

    // Tests
    .target(name: "ExerciseSupport", path: "Tests/ExerciseSupport", swiftSettings: swiftSettings),
    .testTarget(
      name: "PracticeKitTests", dependencies: ["PracticeKit", persistence, terminalUI],
      swiftSettings: swiftSettings),
  ] + exerciseTargets,
  swiftLanguageModes: [.v6]
)
