// An import's memory is bounded by a small multiple of its file, under a real `ulimit -v`.

import Foundation
import LocalStoreTestSupport
import Models
import Testing

/// A file of half a million bad elements is read in a child process whose address space is
/// limited to what the program needs without any import (160 MB, measured: `questions list`
/// runs in 100 MB) plus 4 times the file. Before the plan kept only
/// ``ImportPlan/maximumKeptProblems`` problems and decoded a JSON array a piece at a time,
/// such a JSON file took about 300 times its size.
@Suite(.timeLimit(.minutes(2))) struct ImportMemoryTests {
  nonisolated static let elements = 500_000
  /// The thread sanitizer reserves terabytes of address space and refuses to start under
  /// `ulimit -v`, so the limited runs are left to the plain build.
  nonisolated static let underThreadSanitizer =
    ProcessInfo.processInfo.environment["TEST_SANITIZER"] == "thread"

  func importUnderLimit(
    _ file: URL, multiple: Int, in folder: TemporaryDirectory
  ) async throws
    -> ChildProcessResult
  {
    let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
    let limitKiB = (160 << 10) + multiple * size / 1024
    let binary = BuiltProducts.executable("questions").path
    return try await ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"),
      [
        "-c", "ulimit -v \(limitKiB) && exec timeout 100 \"$0\" --data-dir \"$1\" import \"$2\"",
        binary, folder.appending("data").path, file.path,
      ],
      // glibc reserves 64 MB of address space for the heap of each thread that allocates
      // (the store opens on a queue of its own): one arena keeps `ulimit -v` a measure of
      // what the import holds, not of how many threads a loaded machine happened to start.
      environment: ["QUESTIONS_DATA_DIR": nil, "NO_COLOR": "1", "MALLOC_ARENA_MAX": "1"])
  }

  @Test(.disabled(if: underThreadSanitizer, "ulimit -v stops the thread sanitizer"))
  func aJSONArrayOfEmptyObjectsStaysWithinFourTimesTheFile() async throws {
    let folder = try TemporaryDirectory(prefix: "AppImportMemory")
    let file = folder.appending("empty.json")
    try Data(("[" + Array(repeating: "{}", count: Self.elements).joined(separator: ",") + "]").utf8)
      .write(to: file)
    let result = try await importUnderLimit(file, multiple: 4, in: folder)
    #expect(result.status == 1, "\(result.standardError.suffix(300))")
    #expect(result.standardError.contains("has \(Self.elements) invalid rows"))
    let listed = result.standardError.split(separator: "\n").count { $0.contains("empty.json:") }
    #expect(listed <= 21, "\(listed) lines")
  }

  @Test(.disabled(if: underThreadSanitizer, "ulimit -v stops the thread sanitizer"))
  func aCSVOfBadRowsStaysWithinFourTimesTheFile() async throws {
    let folder = try TemporaryDirectory(prefix: "AppImportMemory")
    let file = folder.appending("bad.csv")
    try Data(("prompt,answer\n" + String(repeating: ",\n", count: Self.elements)).utf8)
      .write(to: file)
    let result = try await importUnderLimit(file, multiple: 4, in: folder)
    #expect(result.status == 1, "\(result.standardError.suffix(300))")
    #expect(result.standardError.contains("has \(Self.elements) invalid rows"))
  }

  @Test func theProblemsAfterTheKeptOnesAreCountedNotKept() throws {
    let csv = "prompt,answer\n" + String(repeating: ",\n", count: 1_000)
    let plan = try QuestionImport.plan(Data(csv.utf8), format: .csv)
    #expect(plan.problems.count == ImportPlan.maximumKeptProblems)
    #expect(plan.problemCount == 1_000)
    #expect(plan.rowCount == 1_000)
    #expect(plan.problems.first?.line == 2)
  }

  @Test func aJSONProblemStillNamesItsLine() throws {
    let json = "[\n{},\n\n{}\n]"
    let plan = try QuestionImport.plan(Data(json.utf8), format: .json)
    #expect(plan.problemCount == 2)
    #expect(plan.problems.map(\.line) == [2, 4])
  }

  @Test func problemsInLaterPiecesKeepTheirLines() throws {
    var elements = (0..<25_000).map { _ in
      #"{"id":""# + UUID().uuidString
        + #"","prompt":"P","answer":"A","tags":[],"createdAt":"2026-01-01T00:00:00Z"}"#
    }
    elements[15_000] = "{}"
    elements[24_999] = "{}"
    let json = "[\n" + elements.joined(separator: ",\n") + "\n]\n"
    let plan = try QuestionImport.plan(Data(json.utf8), format: .json)
    #expect(plan.problemCount == 2)
    #expect(plan.problems.map(\.line) == [15_002, 25_001])
    #expect(plan.questions.count == 24_998)
  }

  @Test func anArrayThatDoesNotCloseIsStillExplained() throws {
    #expect(throws: InterchangeError.self) {
      try QuestionImport.plan(Data("[{},\n{}".utf8), format: .json)
    }
    #expect(throws: InterchangeError.self) {
      try QuestionImport.plan(Data("[{} {}]".utf8), format: .json)
    }
    #expect(throws: InterchangeError.self) {
      try QuestionImport.plan(Data("[{}] x".utf8), format: .json)
    }
  }
}
