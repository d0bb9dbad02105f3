// Quizzes finished in several processes at the same millisecond are all stored, none replaced.

import Foundation
import LocalStore
import LocalStoreTestSupport
import Models
import Testing

@Suite struct ConcurrentQuizProcessesTests {
  /// Starts `QuestionWriter sessions` in `processes` child processes at once on one folder, each
  /// finishing `quizzes` quizzes with a clock stopped at the same millisecond, so every
  /// session's id starts at the same value in every process.
  private func finishQuizzesAtOnce(
    in folder: URL, processes: Int, quizzes: Int, milliseconds: Int
  ) async throws -> [(status: Int32, output: String, errors: String)] {
    try await onOwnThread {
      try Self.finishQuizzes(
        in: folder, processes: processes, quizzes: quizzes, milliseconds: milliseconds)
    }
  }

  /// ``finishQuizzesAtOnce(in:processes:quizzes:milliseconds:)``, blocking the calling thread.
  private static func finishQuizzes(
    in folder: URL, processes: Int, quizzes: Int, milliseconds: Int
  ) throws -> [(status: Int32, output: String, errors: String)] {
    let children = try (0..<processes).map { _ in
      let process = Process()
      let output = Pipe()
      let errors = Pipe()
      process.executableURL = BuiltProducts.executable("QuestionWriter")
      process.arguments = ["sessions", folder.path, String(quizzes), String(milliseconds)]
      process.environment = ChildProcess.environment([:])
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = output
      process.standardError = errors
      try process.run()
      return (process, output, errors)
    }
    // The output of each child is a few hundred bytes, far below a pipe's buffer.
    return try children.map { process, output, errors in
      process.waitUntilExit()
      return (
        process.terminationStatus,
        String(decoding: try output.fileHandleForReading.readToEnd() ?? Data(), as: UTF8.self),
        String(decoding: try errors.fileHandleForReading.readToEnd() ?? Data(), as: UTF8.self)
      )
    }
  }

  /// Three processes finish 20 quizzes each in the same millisecond. A view model that
  /// picked its id with `find` then `save` kept fewer than 60: a process could not see the
  /// id another had just taken, and its save replaced that session.
  @Test func sixtyQuizzesFinishedByThreeProcessesAtOnceAreAllStored() async throws {
    let folder = try TemporaryDirectory()
    let milliseconds = 1_800_000_000_000
    let results = try await finishQuizzesAtOnce(
      in: folder.url, processes: 3, quizzes: 20, milliseconds: milliseconds)
    for result in results {
      try #require(result.status == 0, "a writer failed: \(result.errors)")
    }
    let acknowledged = results.flatMap { result in
      result.output.split(separator: "\n").compactMap { line in
        line.hasPrefix("ack ") ? Int(line.dropFirst(4)) : nil
      }
    }
    #expect(acknowledged.count == 60)
    #expect(Set(acknowledged).count == 60, "two processes acknowledged the same id")

    let stored = try LocalRepository<StudySession>(
      directory: folder.url, filename: "sessions.json")
    let ids = await stored.loadAll().map(\.id)
    #expect(ids.count == 60, "\(60 - ids.count) of 60 finished quizzes were lost")
    #expect(Set(ids) == Set(acknowledged))
  }
}
