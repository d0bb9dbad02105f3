// The mutation check's heavy part: type-check each mutant, build them all, test each.

import Foundation

extension MutationCheck {
  /// One mutant to check: its exercise, its number within the exercise, and itself.
  typealias Item = (exercise: Exercise, index: Int, mutant: Mutant)

  /// The name of the test target of mutant `index` of `exercise`; index 0 is the control.
  static func target(_ exercise: Exercise, _ index: Int) -> String {
    let number = String(index)
    return "M\(exercise.paddedNumber)_" + String(repeating: "0", count: max(0, 3 - number.count))
      + number
  }

  /// Checks `items`; the outcome of each, and the exercises whose unchanged solution failed
  /// its own tests in the mutants' package (their outcomes cannot be trusted).
  func check(
    _ items: [Item]
  ) async throws(PracticeError) -> (
    outcomes: [MutantOutcome], failedControls: Set<Int>
  ) {
    do {
      let modules = try await modulesFolder()
      printOut("  type-checking \(items.count) mutants…")
      let (folder, runner, work) = (folder, runner, workFolder)
      var outcomes = try await Self.parallelMap(items, workers: compileWorkers) { item in
        try await Self.typeCheck(item, modules: modules, folder: folder, runner: runner, work: work)
      }
      let controls = Set(items.map(\.exercise)).sorted { $0.number < $1.number }
      var members = controls.map { exercise in
        MutantPackage.Member(
          target: Self.target(exercise, 0), exercise: exercise,
          source: (try? String(contentsOf: folder.file(exercise.solutionPath), encoding: .utf8))
            ?? "")
      }
      var memberOf: [String: Int] = [:]
      for (position, item) in items.enumerated() where outcomes[position] == nil {
        let target = Self.target(item.exercise, item.index)
        memberOf[target] = position
        members.append(.init(target: target, exercise: item.exercise, source: item.mutant.source))
      }
      members = try await build(members) { target in
        if let position = memberOf[target] { outcomes[position] = .killedByBuild }
      }
      printOut("  testing \(members.count) builds (\(controls.count) of them the solutions)…")
      let tested = try await Self.parallelMap(members, workers: testWorkers) { member in
        (member.target, try await Self.test(member.target, runner: runner, work: work))
      }
      var failedControls: Set<Int> = []
      for (target, outcome) in tested {
        if let position = memberOf[target] {
          outcomes[position] = outcome
        } else if outcome != .survived,
          let control = controls.first(where: { Self.target($0, 0) == target })
        {
          failedControls.insert(control.number)
        }
      }
      return (outcomes.map { $0 ?? .notCompiled }, failedControls)
    } catch let error as PracticeError {
      throw error
    } catch {
      throw .processFailed("\(error)")
    }
  }

  /// Where the practice package's build keeps its modules (Persistence, ExerciseSupport).
  private func modulesFolder() async throws -> String {
    let result = try await ChildProcess.run(
      [runner.swift, "build", "--show-bin-path", "--package-path", folder.url.path]
        + runner.buildFlags, in: folder.url)
    let path = result.output.split(separator: "\n").last.map(String.init) ?? ""
    return path + "/Modules"
  }

  /// `nil` when the mutant and its exercise's tests type-check together; otherwise whether
  /// the mutant compiles on its own.
  private static func typeCheck(
    _ item: Item, modules: String, folder: PracticeFolder, runner: ExerciseRunner, work: URL
  ) async throws -> MutantOutcome? {
    let scratch = work.appendingPathComponent("typecheck/\(Self.target(item.exercise, item.index))")
    try? FileManager.default.removeItem(at: scratch)
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let mutantFile = scratch.appendingPathComponent(item.exercise.fileName)
    try Data(item.mutant.source.utf8).write(to: mutantFile)
    // As far as the data-race checks, which run on SIL: type-checking alone misses them.
    let compiler = [
      ProcessInfo.processInfo.environment["SWIFTC"] ?? "swiftc", "-emit-sil", "-wmo", "-o",
      "/dev/null",
    ]
    var flags = [
      "-swift-version", "6", "-parse-as-library", "-I", modules,
      "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
      "-enable-upcoming-feature", "InferIsolatedConformances",
      "-enable-upcoming-feature", "MemberImportVisibility",
    ]
    for (position, flag) in runner.buildFlags.enumerated()
    where position > 0 && runner.buildFlags[position - 1] == "-Xswiftc" {
      flags.append(flag)
    }
    if !MutantPackage.isCompiledByTest(item.exercise) {
      let package = MutantPackage(root: work.appendingPathComponent("package"), practice: folder)
      var files = [mutantFile.path]
      for test in try package.tests(of: item.exercise) {
        let file = scratch.appendingPathComponent(test.name)
        try Data(MutantPackage.rewrite(test.text, of: item.exercise, for: "M").utf8).write(to: file)
        files.append(file.path)
      }
      let together = try await ChildProcess.run(compiler + flags + files, in: scratch)
      if together.status == 0 { return nil }
    }
    let alone = try await ChildProcess.run(compiler + flags + [mutantFile.path], in: scratch)
    guard alone.status == 0 else { return .notCompiled }
    return MutantPackage.isCompiledByTest(item.exercise) ? nil : .killedByBuild
  }

  /// Builds the package of `members`; a member whose target fails to build is reported to
  /// `refused` and left out, and the rest built again. Returns the members that built.
  private func build(
    _ members: [MutantPackage.Member], refused: (String) -> Void
  ) async throws -> [MutantPackage.Member] {
    let package = MutantPackage(
      root: workFolder.appendingPathComponent("package"), practice: folder)
    var members = members
    for _ in 0..<8 {
      try package.write(members)
      printOut("  building \(members.count) test targets…")
      let result = try await ChildProcess.run(
        [runner.swift, "build", "--build-tests", "--package-path", package.root.path]
          + runner.buildFlags, in: package.root)
      if result.status == 0 { return members }
      let failing = Set(
        result.output.split(separator: "\n").filter { $0.contains("error:") }.compactMap { line in
          line.firstMatch(of: /Mutants\/(M\d\d_\d\d\d)\//).map { String($0.1) }
        })
      let controls = failing.filter { $0.hasSuffix("_000") }
      guard !failing.isEmpty, controls.isEmpty else {
        let first = FailureParser.firstBuildError(in: result.output)?.lines.joined(separator: " / ")
        throw PracticeError.processFailed(
          "the mutants' package does not build: \(first ?? "see \(package.root.path)")")
      }
      for target in failing { refused(target) }
      members.removeAll { failing.contains($0.target) }
    }
    throw PracticeError.processFailed("the mutants' package still does not build after 8 rounds")
  }

  /// Runs the tests of one target: `survived` only when they ran and all passed.
  private static func test(
    _ target: String, runner: ExerciseRunner, work: URL
  ) async throws -> MutantOutcome {
    let package = work.appendingPathComponent("package")
    let result = try await ChildProcess.run(
      [
        runner.swift, "test", "--skip-build", "--package-path", package.path, "--filter",
        "\(target)\\.",
      ] + runner.buildFlags, in: package, timeLimit: runner.testTimeLimit)
    if result.timedOut { return .hung }
    let ran = result.output.contains(/Test run with [1-9][0-9]* tests?.* passed/)
    return result.status == 0 && ran ? .survived : .killed
  }

  /// `body` applied to each of `items`, at most `workers` at a time, in the items' order.
  static func parallelMap<Item: Sendable, Result: Sendable>(
    _ items: [Item], workers: Int, _ body: @escaping @Sendable (Item) async throws -> Result
  ) async throws -> [Result] {
    try await withThrowingTaskGroup(of: (Int, Result).self) { group in
      var results: [Result?] = Array(repeating: nil, count: items.count)
      var next = 0
      func startNext() {
        guard next < items.count else { return }
        let index = next
        let item = items[index]
        group.addTask { (index, try await body(item)) }
        next += 1
      }
      for _ in 0..<max(1, workers) { startNext() }
      while let (index, result) = try await group.next() {
        results[index] = result
        startNext()
      }
      return results.compactMap { $0 }
    }
  }
}
