// A child process for crash, permission and multi-process tests: stores and acknowledges items.
//
//   StoreWriter save <folder> <count> [prefix]   save <count> notes one by one, printing
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
//   StoreWriter save-through <folder> <count> [prefix]   save <count> notes one by one,
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
//                                                note it holds
//   StoreWriter timed-save <folder> <count> <ms> save <count> notes <ms> apart, printing
//                                                "ack <id> <ns>" after each save returns, <ns>
//                                                being CLOCK_REALTIME in nanoseconds then
//   StoreWriter edit <folder> <id> <title>       give note <id> a new title
//   StoreWriter delete <folder> <id>             delete note <id>
//
// Every mode but `save-closed` also runs on the SQLite store when prefixed with
// `sqlite-` (`sqlite-save <folder> <count>`): the same calls through `Repository`.
//
// It stores the tests' own `Note` (LocalStoreTestSupport), so that it needs nothing of an app.
// The store is `q.json` in <folder> (`q.sqlite` for the SQLite store). Errors go to stderr
// with exit code 1.

import Foundation
import LocalStore
import LocalStoreSQLite
import LocalStoreTestSupport

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
  FileHandle.standardError.write(
    Data("usage: StoreWriter save|count|ids|edit|delete <folder> ...\n".utf8))
  exit(64)
}
let folder = URL(fileURLWithPath: arguments[2])
/// The mode without its `sqlite-` prefix, and whether it had one.
let usesSQLite = arguments[1].hasPrefix("sqlite-")
let mode = usesSQLite ? String(arguments[1].dropFirst("sqlite-".count)) : arguments[1]
do {
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
  let repository: any Repository<Note> =
    usesSQLite
    ? try await SQLiteRepository<Note>.open(
      directory: folder, filename: "q.sqlite", configuration: configuration)
    : try LocalRepository<Note>(
      directory: folder, filename: "q.json", configuration: configuration)
  switch mode {
  case "save", "save-relaxed", "save-closed", "save-synchronized":
    let count = arguments.count > 3 ? Int(arguments[3]) ?? 1 : 1
    let prefix = arguments.count > 4 ? arguments[4] : "note"
    for index in 0..<count {
      let note = writerSizedNote(index, prefix: prefix)
      try await repository.save(note)
      if mode == "save-synchronized" { try await repository.synchronize() }
      acknowledge("ack \(note.id.uuidString)")
    }
  case "save-through", "save-through-relaxed", "save-until-failure":
    let count = arguments.count > 3 ? Int(arguments[3]) ?? 1 : 1
    let prefix = arguments.count > 4 ? arguments[4] : "note"
    for index in 0..<count {
      let note = Note(title: "\(prefix) \(index)", text: "a")
      do {
        try await repository.save(note)
        acknowledge("ack \(note.id.uuidString)")
      } catch {
        acknowledge("fail \(note.id.uuidString) \(error)")
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
    let prefix = arguments.count > 4 ? arguments[4] : "note"
    let notes = (0..<count).map {
      writerSizedNote($0, prefix: prefix)
    }
    try await withThrowingTaskGroup(of: UUID.self) { group in
      var next = 0
      var inFlight = 0
      while next < count || inFlight > 0 {
        if next < count && inFlight < 8 {
          let note = notes[next]
          next += 1
          inFlight += 1
          group.addTask {
            try await repository.save(note)
            return note.id
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
    for note in await repository.loadAll() { acknowledge("ack \(note.id.uuidString)") }
  case "timed-save":
    let count = arguments.count > 3 ? Int(arguments[3]) ?? 1 : 1
    let pause = arguments.count > 4 ? Int(arguments[4]) ?? 0 : 0
    for index in 0..<count {
      if index > 0 { try await Task.sleep(for: .milliseconds(pause)) }
      let note = Note(title: "timed \(index)", text: "a")
      try await repository.save(note)
      var now = timespec()
      clock_gettime(CLOCK_REALTIME, &now)
      acknowledge(
        "ack \(note.id.uuidString) \(Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec))")
    }
  case "edit", "delete":
    guard arguments.count >= 4, let id = UUID(uuidString: arguments[3]) else { exit(64) }
    if mode == "delete" {
      try await repository.delete(id)
    } else if var note = await repository.find(by: id), arguments.count == 5 {
      note.title = arguments[4]
      try await repository.save(note)
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
