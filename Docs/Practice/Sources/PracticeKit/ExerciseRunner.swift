// Builds the practice package and runs one exercise's tests, and turns the logs into a verdict.

import Foundation

/// One run of one exercise: the verdict, how long it took, and the raw logs.
public struct RunReport: Sendable {
  /// What the run concluded.
  public var verdict: Verdict
  /// Seconds from the start of the build to the end of the tests.
  public var seconds: Double
  /// The build's log, then the tests' log.
  public var log: String
}

/// Runs `swift build --build-tests` on the practice package (incremental after the first
/// time), then `swift test --skip-build --filter` for one exercise's test target.
public struct ExerciseRunner: Sendable {
  /// The practice package's folder.
  public var packageFolder: URL
  /// The `swift` command: `SWIFT` from the environment, or `swift` on `PATH`.
  public var swift: String
  /// Extra arguments for `swift build` and `swift test`, such as `-Xswiftc -warnings-as-errors`.
  public var buildFlags: [String]
  /// How long one exercise's tests may run before the runner stops them: far more than any
  /// exercise's tests need, even on a loaded machine, so only a run that hangs reaches it.
  public var testTimeLimit: Duration

  /// The default ``testTimeLimit``.
  public static let defaultTestTimeLimit = Duration.seconds(180)

  /// A runner for the package in `packageFolder`.
  public init(
    packageFolder: URL, swift: String = "swift", buildFlags: [String] = [],
    testTimeLimit: Duration = defaultTestTimeLimit
  ) {
    self.packageFolder = packageFolder
    self.swift = swift
    self.buildFlags = buildFlags
    self.testTimeLimit = testTimeLimit
  }

  /// Builds everything; the failure when the build fails, `nil` when it succeeds.
  public func build() async throws -> (failure: FailureSummary?, log: String) {
    let result = try await ChildProcess.run(
      [swift, "build", "--build-tests", "--package-path", packageFolder.path] + buildFlags,
      in: packageFolder)
    guard result.status != 0 else { return (nil, result.output) }
    let failure =
      FailureParser.firstBuildError(in: result.output)
      ?? FailureSummary(stage: .build, location: nil, message: "the build failed")
    return (failure, result.output)
  }

  /// Runs the tests of `exercise` on what was last built.
  public func test(_ exercise: Exercise) async throws -> (verdict: Verdict, log: String) {
    try await test(target: exercise.testTarget)
  }

  /// Runs the tests of the test target `target` on what was last built, for at most
  /// ``testTimeLimit``: a run that takes longer is stopped, test process included, and fails
  /// with ``timedOut(after:)``.
  func test(target: String) async throws -> (verdict: Verdict, log: String) {
    let result = try await ChildProcess.run(
      [
        swift, "test", "--skip-build", "--package-path", packageFolder.path, "--filter",
        "\(target)\\.",
      ] + buildFlags, in: packageFolder, timeLimit: testTimeLimit)
    if result.timedOut {
      return (.failed(Self.timedOut(after: testTimeLimit)), result.output)
    }
    if result.status == 0, FailureParser.firstTestFailure(in: result.output) == nil {
      return (.passed, result.output)
    }
    let failure =
      FailureParser.firstTestFailure(in: result.output)
      ?? FailureSummary(
        stage: .test, location: nil, message: "the tests failed (exit status \(result.status))")
    return (.failed(failure), result.output)
  }

  /// Builds, then tests `exercise` when the build succeeded.
  public func run(_ exercise: Exercise) async throws -> RunReport {
    let start = ContinuousClock.now
    let built = try await build()
    if let failure = built.failure {
      return RunReport(verdict: .failed(failure), seconds: seconds(since: start), log: built.log)
    }
    let tested = try await test(exercise)
    return RunReport(
      verdict: tested.verdict, seconds: seconds(since: start), log: built.log + tested.log)
  }

  /// The failure of a test run stopped at its time limit.
  static func timedOut(after limit: Duration) -> FailureSummary {
    FailureSummary(
      stage: .test, location: nil,
      message: "the tests did not finish within \(limit.components.seconds) s and were stopped",
      details: [
        "The fix probably blocks: a semaphore, a lock or a `sync` wait inside the actor holds "
          + "its thread until something that needs the actor (or the pool) answers. "
          + "Wait with `await` instead."
      ])
  }

  private func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }
}
