// A make target that builds the package says, before any build, that SQLite's headers are missing.

import Foundation
import LocalStoreTestSupport
import Testing

/// The package's SQLite store compiles against the system's `sqlite3.h`. On a machine without
/// it, every target that builds this package must name the missing headers and the package
/// to install, and stop: never fail later inside the compiler.
@Suite struct MissingHeadersTests {
  static let root = ScriptHelpTests.root

  /// Every target of the Makefile whose recipe builds, tests or runs this package (not the
  /// practice package, which does not use the SQLite store): read from the Makefile, not
  /// listed here, so a new target is checked too.
  static var buildingTargets: [String] {
    let text =
      (try? String(contentsOf: root.appendingPathComponent("Makefile"), encoding: .utf8)) ?? ""
    var targets: [String] = []
    var current: String?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if let colon = line.firstIndex(of: ":"), !line.hasPrefix("\t"), !line.hasPrefix("#"),
        line[..<colon].allSatisfy({ $0.isLetter || $0 == "-" }), !line[..<colon].isEmpty
      {
        current = String(line[..<colon])
      } else if line.hasPrefix("\t"), let target = current, !targets.contains(target) {
        // `scripts/test` is the stage runner; `scripts/test-templates` and the like are not.
        let runsStages = line.hasSuffix("scripts/test") || line.contains("scripts/test check")
        let builds = ["$(SWIFT) build", "$(SWIFT) test", "build-docs", "$(BENCH)"]
        if runsStages || builds.contains(where: line.contains), !line.contains("$(PRACTICE)") {
          targets.append(target)
        }
      }
    }
    return targets
  }

  @Test func theBuildingTargetsAreFound() {
    let targets = Self.buildingTargets
    for expected in ["build", "test", "check", "run", "bench", "docs", "lint", "stress"] {
      #expect(targets.contains(expected), "\(targets)")
    }
  }

  /// With a C compiler that finds no `sqlite3.h` (`CC=false`), each target stops at once
  /// with the headers, the package and the target named; `SWIFT=false` makes a target that
  /// skipped the check fail with another message instead of building for minutes.
  @Test(arguments: buildingTargets)
  func aTargetStopsNamingTheMissingHeaders(target: String) async throws {
    let result = try await ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["make", "-s", "-C", Self.root.path, target, "SWIFT=false"],
      environment: ["CC": "false", "MAKEFLAGS": nil, "MAKELEVEL": nil])
    #expect(result.status != 0, "make \(target)")
    #expect(
      result.standardError.contains("SQLite's headers (sqlite3.h) were not found"),
      "make \(target): \(result.standardError)")
    #expect(result.standardError.contains("make \(target) needs them"), "make \(target)")
    #expect(result.standardError.contains("libsqlite3-dev"), "make \(target)")
  }

  /// Where the headers are (this machine builds the package), the check passes quietly.
  @Test func theCheckPassesWhereTheHeadersAre() async throws {
    let result = try await ChildProcess.run(
      URL(fileURLWithPath: "/bin/bash"),
      [Self.root.appendingPathComponent("scripts/need").path, "sqlite3.h", "make test"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.isEmpty)
  }
}
