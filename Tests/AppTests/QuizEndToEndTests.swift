// `questions quiz` and `questions stats` run as the built binary, with real stdin and files.

import Foundation
import LocalStoreTestSupport
import Models
import Testing

@Suite struct QuizEndToEndTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "AppQuiz")
  }

  /// The study history inside the test's folder.
  var sessionsFile: URL { folder.appending("sessions.json") }

  /// Runs the binary on the test's folder, in UTC, 60 columns wide, with `input` on stdin.
  func questions(_ arguments: [String], input: String = "") async throws -> ChildProcessResult {
    try await ChildProcess.run(
      BuiltProducts.executable("questions"), ["--data-dir", folder.url.path] + arguments,
      environment: ["QUESTIONS_DATA_DIR": nil, "NO_COLOR": nil, "TZ": "UTC", "COLUMNS": "60"],
      input: Data(input.utf8))
  }

  /// Adds two tagged questions through the binary.
  func addTwoQuestions() async throws {
    for (prompt, tag) in [("What does an actor guarantee?", "actors"), ("Why fsync?", "io")] {
      let added = try await questions(["add", prompt, "--answer", "Because", "--tag", tag])
      try #require(added.status == 0, "\(added.standardError)")
    }
  }

  @Test func aTwoQuestionQuizThenShowsInStats() async throws {
    try await addTwoQuestions()
    let quiz = try await questions(["quiz"], input: "\ny\n\nn\n")
    #expect(quiz.status == 0, "\(quiz.standardError)")
    #expect(quiz.standardError.isEmpty)
    #expect(quiz.standardOutput.contains("Question 2 of 2"))
    #expect(quiz.standardOutput.contains("You knew 1 of 2 (50%)."))
    #expect(FileManager.default.fileExists(atPath: sessionsFile.path))

    let stats = try await questions(["stats"])
    #expect(stats.status == 0)
    let lines = stats.standardOutput.split(separator: "\n")
    #expect(lines.first == "1 quiz, 1 of 2 known (50%)")
    #expect(lines.allSatisfy { $0.count <= 60 })
    #expect(lines.contains { $0.hasPrefix("actors ") && $0.count == 60 })
    #expect(lines.contains { $0.hasPrefix("io ") && $0.count == 60 })

    let json = try await questions(["stats", "--json"])
    #expect(json.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
    #expect(object["sessionCount"] as? Int == 1)
    #expect(object["answered"] as? Int == 2)
    #expect(object["known"] as? Int == 1)
    #expect((object["tags"] as? [[String: Any]])?.count == 2)
  }

  @Test func inputEndingMidQuizStoresNothing() async throws {
    try await addTwoQuestions()
    let quiz = try await questions(["quiz"], input: "\ny\n")
    #expect(quiz.status == 1)
    #expect(quiz.standardError.contains("stopped at question 2 of 2"))
    #expect(quiz.standardError.contains("nothing was stored"))
    #expect(!FileManager.default.fileExists(atPath: sessionsFile.path))
    #expect(try await questions(["stats"]).standardError.contains("questions quiz"))
  }

  @Test(arguments: [["--count", "0"], ["--count", "many"], ["--count=-2"], ["--count"]])
  func aBadCountExits64(arguments: [String]) async throws {
    try await addTwoQuestions()
    let quiz = try await questions(["quiz"] + arguments, input: "\ny\n\ny\n")
    #expect(quiz.status == 64)
    #expect(quiz.standardOutput.isEmpty)
    #expect(quiz.standardError.contains("Usage: questions quiz"))
    #expect(!FileManager.default.fileExists(atPath: sessionsFile.path))
  }

  @Test func anUnreadableHistoryIsReportedAndLeftAlone() async throws {
    try await addTwoQuestions()
    let bytes = Data("{not json".utf8)
    try bytes.write(to: sessionsFile)
    for arguments in [["stats"], ["quiz"]] {
      let result = try await questions(arguments, input: "\ny\n\ny\n")
      #expect(result.status == 1, "\(arguments)")
      #expect(result.standardOutput.isEmpty)
      #expect(result.standardError.contains(sessionsFile.path))
      #expect(result.standardError.contains("Move it aside"))
      #expect(!result.standardError.contains("questions repair"))
    }
    #expect(try Data(contentsOf: sessionsFile) == bytes)
    #expect(try await questions(["list"]).status == 0)
  }
}
