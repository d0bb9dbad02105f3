// A child process for crash and permission tests: saves questions and acknowledges each one.
//
//   StoreWriter save <folder> <count> [prefix]   save <count> questions one by one, printing
//                                                "ack <id>" after each save returns
//   StoreWriter count <folder>                   open the store and print how many it holds
//
// The store is `q.json` in <folder>. Errors go to stderr with exit code 1.

import Foundation
import Models
import Persistence

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
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
  FileHandle.standardError.write(Data("usage: StoreWriter save|count <folder> ...\n".utf8))
  exit(64)
}
let folder = URL(fileURLWithPath: arguments[2])
do {
  let repository = try LocalRepository<Question>(directory: folder, filename: "q.json")
  switch arguments[1] {
  case "save":
    let count = arguments.count > 3 ? Int(arguments[3]) ?? 1 : 1
    let prefix = arguments.count > 4 ? arguments[4] : "question"
    for index in 0..<count {
      let question = Question(
        prompt: "\(prefix) \(index)", answer: String(repeating: "a", count: 100))
      try await repository.save(question)
      acknowledge("ack \(question.id.uuidString)")
    }
  case "count":
    acknowledge(String(await repository.loadAll().count))
  default:
    FileHandle.standardError.write(Data("unknown mode \(arguments[1])\n".utf8))
    exit(64)
  }
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(1)
}
