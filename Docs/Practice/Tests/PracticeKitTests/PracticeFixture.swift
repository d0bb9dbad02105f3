// A practice folder in a temporary directory, with shipped files and a stand-in for `swift`.

import Foundation

@testable import PracticeKit

/// A copy of the practice layout that the commands can change freely.
struct PracticeFixture {
  let root: URL
  let state: URL

  /// The layout for every exercise (a learner's file, its shipped copy, its solution), and a
  /// script called instead of `swift` that prints `testLog` for `swift test` and exits with
  /// `testStatus`; or, when `testScript` is given, runs it (shell) for `swift test`.
  init(testLog: String = "", testStatus: Int32 = 0, testScript: String? = nil) throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("practice-tool-\(UUID().uuidString)")
    state = root.appendingPathComponent(".progress")
    let manager = FileManager.default
    for exercise in Exercise.all {
      let file = root.appendingPathComponent(exercise.filePath)
      try manager.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      for path in [exercise.filePath, exercise.shippedPath, exercise.solutionPath] {
        let url = root.appendingPathComponent(path)
        try manager.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("// \(path)\n".utf8).write(to: url)
      }
    }
    let log = root.appendingPathComponent("test.log")
    try Data(testLog.utf8).write(to: log)
    let script = """
      #!/bin/sh
      if [ "$1" = build ]; then echo "Build complete!"; exit 0; fi
      \(testScript ?? "cat '\(log.path)'; exit \(testStatus)")
      """
    try Data(script.utf8).write(to: swiftURL)
    try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swiftURL.path)
  }

  /// The stand-in for `swift`.
  var swiftURL: URL { root.appendingPathComponent("fake-swift") }

  /// A tool on this folder that prints into `output`.
  @MainActor func tool(
    _ output: Output, testTimeLimit: Duration = ExerciseRunner.defaultTestTimeLimit
  ) -> PracticeTool {
    var tool = PracticeTool(
      folder: PracticeFolder(url: root), stateDirectory: state,
      runner: ExerciseRunner(
        packageFolder: root, swift: swiftURL.path, testTimeLimit: testTimeLimit))
    tool.printOut = { output.lines.append($0) }
    tool.printError = { output.errors.append($0) }
    return tool
  }

  func remove() {
    try? FileManager.default.removeItem(at: root)
  }
}

/// What a tool printed.
@MainActor final class Output {
  var lines: [String] = []
  var errors: [String] = []
}
