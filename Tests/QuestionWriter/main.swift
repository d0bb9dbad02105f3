// A child process for the tests of view models that follow, or meet, another process's saves.
//
//   QuestionWriter sessions <folder> <count> <ms>   finish <count> two-question quizzes with
//                                                a QuizViewModel whose clock always reads <ms>
//                                                (milliseconds since 1970), printing
//                                                "ack <id>" for each session stored in
//                                                <folder>/sessions.json
//   QuestionWriter timed-save <folder> <count> <ms>   save <count> questions into
//                                                <folder>/q.json <ms> apart, printing
//                                                "ack <id> <ns>" after each save returns,
//                                                <ns> being CLOCK_REALTIME in nanoseconds
//   QuestionWriter edit <folder> <id> <prompt>   give question <id> of <folder>/q.json a
//                                                new prompt
//   QuestionWriter delete <folder> <id>          delete question <id> of <folder>/q.json
//
// The store's own process tests use the store package's StoreWriter, which stores a Note;
// these need the question bank's Question and view models. Errors go to stderr with exit
// code 1, a usage error 64.

import Foundation
import LocalStore
import Models
import ViewModels

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Prints `message` on standard error and ends with `status`.
func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data((message + "\n").utf8))
  exit(status)
}

/// Writes `line` to standard output at once, so a parent reading it has every ack.
func acknowledge(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
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
      fail("error: \(quiz.errorMessage ?? "no result")", status: 1)
    }
    acknowledge("ack \(session.id)")
  }
}

/// Saves `count` questions `pause` milliseconds apart, each acknowledged with the time it
/// returned.
func timedSaves(into repository: LocalRepository<Question>, count: Int, pause: Int) async throws {
  for index in 0..<count {
    if index > 0 { try await Task.sleep(for: .milliseconds(pause)) }
    let question = Question(prompt: "timed \(index)", answer: "a")
    try await repository.save(question)
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let nanoseconds = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    acknowledge("ack \(question.id.uuidString) \(nanoseconds)")
  }
}

let arguments = CommandLine.arguments
let usage = "usage: QuestionWriter sessions|timed-save|edit|delete <folder> ..."
guard arguments.count >= 3 else { fail(usage, status: 64) }
let folder = URL(fileURLWithPath: arguments[2])
do {
  switch (arguments[1], arguments.count) {
  case ("sessions", 5):
    guard let count = Int(arguments[3]), let milliseconds = Int(arguments[4]) else {
      fail(usage, status: 64)
    }
    try await finishQuizzes(in: folder, count: count, at: milliseconds)
  case ("timed-save", 5):
    guard let count = Int(arguments[3]), let pause = Int(arguments[4]) else {
      fail(usage, status: 64)
    }
    let repository = try LocalRepository<Question>(directory: folder, filename: "q.json")
    try await timedSaves(into: repository, count: count, pause: pause)
  case ("edit", 5), ("delete", 4):
    guard let id = UUID(uuidString: arguments[3]) else { fail(usage, status: 64) }
    let repository = try LocalRepository<Question>(directory: folder, filename: "q.json")
    if arguments[1] == "delete" {
      try await repository.delete(id)
    } else if var question = await repository.find(by: id) {
      question.prompt = arguments[4]
      try await repository.save(question)
    } else {
      fail("error: no question \(id)", status: 1)
    }
    acknowledge("ack \(id.uuidString)")
  default:
    fail(usage, status: 64)
  }
} catch {
  fail("error: \(error)", status: 1)
}
