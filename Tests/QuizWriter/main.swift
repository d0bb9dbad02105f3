// A child process for the test of quizzes finished in several processes at once.
//
//   QuizWriter <folder> <count> <ms>   finish <count> two-question quizzes with a
//                                      QuizViewModel whose clock always reads <ms>
//                                      (milliseconds since 1970), printing "ack <id>" for
//                                      each session stored in <folder>/sessions.json
//
// Errors go to stderr with exit code 1, a usage error 64.

import Foundation
import LocalStore
import Models
import ViewModels

let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[2]), let milliseconds = Int(arguments[3])
else {
  FileHandle.standardError.write(Data("usage: QuizWriter <folder> <count> <ms>\n".utf8))
  exit(64)
}

/// Finishes `count` quizzes of two questions through a real ``QuizViewModel`` whose clock is
/// stopped at `milliseconds`, so that every quiz, in every process, starts from the same id.
@MainActor func finishQuizzes(in folder: URL, count: Int, at milliseconds: Int) async throws {
  let sessions = try LocalRepository<StudySession>(directory: folder, filename: "sessions.json")
  let questions = InMemoryRepository([
    Question(prompt: "first", answer: "a"), Question(prompt: "second", answer: "b"),
  ])
  let finish = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
  let quiz = QuizViewModel(
    questions: questions, sessions: sessions, arrange: { $0 }, now: { finish })
  for _ in 0..<count {
    await quiz.start()
    await quiz.grade(knewIt: true)
    await quiz.grade(knewIt: false)
    guard let session = quiz.finishedSession, !quiz.hasUnsavedResult else {
      FileHandle.standardError.write(Data("error: \(quiz.errorMessage ?? "no result")\n".utf8))
      exit(1)
    }
    FileHandle.standardOutput.write(Data("ack \(session.id)\n".utf8))
  }
}

do {
  try await finishQuizzes(
    in: URL(fileURLWithPath: arguments[1]), count: count, at: milliseconds)
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(1)
}
