// A child process for crash, permission and multi-process tests: stores and acknowledges items.
//
//   StoreWriter save <folder> <count> [prefix]   save <count> questions one by one, printing
//                                                "ack <id>" after each save returns
//   StoreWriter save-relaxed <folder> <count> [prefix]   the same with
//                                                durability .lossyOnPowerCut(syncWithin: 50 ms)
//   StoreWriter save-closed <folder> <count> [prefix]   the same after closing its stdin and
//                                                stdout, so the next files opened get
//                                                descriptors 0 and 1; the acks still go to
//                                                descriptor 1, wherever it points then, and
//                                                "descriptor 1: <outcome>" to stderr
//   StoreWriter save-synchronized <folder> <count> [prefix]   the same, each save followed
//                                                by synchronize(), which also waits for a
//                                                compaction the save started, as the app's
//                                                one-shot commands end
//   StoreWriter save-concurrent <folder> <count> [prefix]   the same with up to 8 saves in
//                                                flight at once, so that they share syncs;
//                                                "ack <id>" as each returns
//   StoreWriter save-through <folder> <count> [prefix]   save <count> questions one by one,
//                                                printing "ack <id>" after each save returns
//                                                and "fail <id> <error>" after each that
//                                                throws, and going on either way
//   StoreWriter save-through-relaxed <folder> <count> [prefix]   the same with durability
//                                                .lossyOnPowerCut(syncWithin: 50 ms), then
//                                                synchronize(), printing "fail sync <error>"
//                                                if it throws
//   StoreWriter save-until-failure <folder> <count> [prefix]   the same as save-through up to
//                                                the first save that throws, then ends at once
//                                                (`_exit`), as a crash would
//   StoreWriter count <folder>                   open the store and print how many it holds
//   StoreWriter ids <folder>                     open the store and print "ack <id>" for each
//                                                question it holds
//   StoreWriter timed-save <folder> <count> <ms> save <count> questions <ms> apart, printing
//                                                "ack <id> <ns>" after each save returns, <ns>
//                                                being CLOCK_REALTIME in nanoseconds then
//   StoreWriter edit <folder> <id> <prompt>      give question <id> a new prompt
//   StoreWriter delete <folder> <id>             delete question <id>
//   StoreWriter sessions <folder> <count> <ms>   finish <count> two-question quizzes with a
//                                                QuizViewModel whose clock always reads <ms>
//                                                (milliseconds since 1970), printing
//                                                "ack <session id>" after each is stored
//
// Every mode but `sessions` and `save-closed` also runs on the SQLite store when prefixed with
// `sqlite-` (`sqlite-save <folder> <count>`): the same calls through `Repository`.
//
// The questions store is `q.json` in <folder> (`q.sqlite` for the SQLite store), the sessions
// store `sessions.json`. Errors go to stderr with exit code 1.

import Foundation
import Models
import Persistence
import SQLitePersistence
import ViewModels

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Under `ulimit -f` a write past the limit raises SIGXFSZ, which would kill the process;
// ignored, the write fails with EFBIG instead and the repository reports it.
signal(SIGXFSZ, SIG_IGN)

/// Writes a line to stdout at once, unbuffered, so a parent that kills us has every ack.
func acknowledge(_ line: String) {
  if CommandLine.arguments[1] == "save-closed" {
    // Raw: whatever descriptor 1 is now, as a program that prints would. Whether the write
    // failed goes to standard error, which stays open.
    let written = Array((line + "\n").utf8).withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    let outcome = written < 0 ? String(cString: strerror(errno)) : "written"
    FileHandle.standardError.write(Data("descriptor 1: \(outcome)\n".utf8))
    return
  }
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
  FileHandle.standardError.write(Data("usage: StoreWriter save|count|sessions <folder> ...\n".utf8))
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
    acknowledge("ack \(session.id)")
  }
}

let folder = URL(fileURLWithPath: arguments[2])
/// The mode without its `sqlite-` prefix, and whether it had one.
let usesSQLite = arguments[1].hasPrefix("sqlite-")
let mode = usesSQLite ? String(arguments[1].dropFirst("sqlite-".count)) : arguments[1]
do {
  if arguments[1] == "sessions" {
    guard arguments.count == 5, let count = Int(arguments[3]), let milliseconds = Int(arguments[4])
    else {
      FileHandle.standardError.write(
        Data("usage: StoreWriter sessions <folder> <count> <ms>\n".utf8))
      exit(64)
    }
    try await finishQuizzes(in: folder, count: count, at: milliseconds)
    exit(0)
  }
  var configuration = StoreConfiguration()
  if mode == "save-closed" {
    // A sleep first starts Dispatch's timer thread, whose own descriptors would otherwise
    // take the freed slots; after it, the store's files are the next to open.
    try await Task.sleep(for: .milliseconds(20))
    close(0)
    close(1)
  }
  if mode == "save-relaxed" || mode == "save-through-relaxed" {
    configuration.durability = .lossyOnPowerCut(syncWithin: .milliseconds(50))
  }
  let repository: any Repository<Question> =
    usesSQLite
    ? try await SQLiteRepository<Question>.open(
      directory: folder, filename: "q.sqlite", configuration: configuration)
    : try LocalRepository<Question>(
      directory: folder, filename: "q.json", configuration: configuration)
  switch mode {
  case "save", "save-relaxed", "save-closed", "save-synchronized":
    let count = arguments.count > 3 ? Int(arguments[3]) ?? 1 : 1
    let prefix = arguments.count > 4 ? arguments[4] : "question"
    for index in 0..<count {
      let question = Question(
        prompt: "\(prefix) \(index)", answer: String(repeating: "a", count: 100))
      try await repository.save(question)
      if mode == "save-synchronized" { try await repository.synchronize() }
      acknowledge("ack \(question.id.uuidString)")
    }
  case "save-through", "save-through-relaxed", "save-until-failure":
    let count = arguments.count > 3 ? Int(arguments[3]) ?? 1 : 1
    let prefix = arguments.count > 4 ? arguments[4] : "question"
    for index in 0..<count {
      let question = Question(prompt: "\(prefix) \(index)", answer: "a")
      do {
        try await repository.save(question)
        acknowledge("ack \(question.id.uuidString)")
      } catch {
        acknowledge("fail \(question.id.uuidString) \(error)")
        // Ends at once, as a crash would: no later write, no closing of the store.
        if mode == "save-until-failure" { _exit(0) }
      }
    }
    if mode == "save-through-relaxed" {
      do {
        try await repository.synchronize()
      } catch {
        acknowledge("fail sync \(error)")
      }
    }
  case "save-concurrent":
    let count = arguments.count > 3 ? Int(arguments[3]) ?? 1 : 1
    let prefix = arguments.count > 4 ? arguments[4] : "question"
    let questions = (0..<count).map {
      Question(prompt: "\(prefix) \($0)", answer: String(repeating: "a", count: 100))
    }
    try await withThrowingTaskGroup(of: UUID.self) { group in
      var next = 0
      var inFlight = 0
      while next < count || inFlight > 0 {
        if next < count && inFlight < 8 {
          let question = questions[next]
          next += 1
          inFlight += 1
          group.addTask {
            try await repository.save(question)
            return question.id
          }
        } else if let id = try await group.next() {
          inFlight -= 1
          acknowledge("ack \(id.uuidString)")
        }
      }
    }
  case "count":
    acknowledge(String(await repository.loadAll().count))
  case "ids":
    for question in await repository.loadAll() { acknowledge("ack \(question.id.uuidString)") }
  case "timed-save":
    let count = arguments.count > 3 ? Int(arguments[3]) ?? 1 : 1
    let pause = arguments.count > 4 ? Int(arguments[4]) ?? 0 : 0
    for index in 0..<count {
      if index > 0 { try await Task.sleep(for: .milliseconds(pause)) }
      let question = Question(prompt: "timed \(index)", answer: "a")
      try await repository.save(question)
      var now = timespec()
      clock_gettime(CLOCK_REALTIME, &now)
      acknowledge(
        "ack \(question.id.uuidString) \(Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec))")
    }
  case "edit", "delete":
    guard arguments.count >= 4, let id = UUID(uuidString: arguments[3]) else { exit(64) }
    if mode == "delete" {
      try await repository.delete(id)
    } else if var question = await repository.find(by: id), arguments.count == 5 {
      question.prompt = arguments[4]
      try await repository.save(question)
    } else {
      exit(1)
    }
    acknowledge("ack \(id.uuidString)")
  default:
    FileHandle.standardError.write(Data("unknown mode \(arguments[1])\n".utf8))
    exit(64)
  }
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(1)
}
