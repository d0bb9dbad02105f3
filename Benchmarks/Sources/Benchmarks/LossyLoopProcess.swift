// The child side of the fairness row: another process saving lossy in a tight loop.

import Foundation
import LocalStore
import Models

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Run as `Benchmarks --lossy-loop <folder> <seconds>` by ``FairnessWorkload``: saves edits of
/// 512 questions in turn into `questions.json` in `folder`, as ``Contender/relaxed`` does
/// (`lossyOnPowerCut`, synced within 100 ms), as fast as it can. Edits, so that the store
/// keeps its size: what the row measures is the wait for the lock, not the time a writer
/// takes to read a store that grows by thousands of items a second after each compaction. It prints `ready` after
/// its first save, and, when it ends, `saves <count> <seconds>`. It ends once the file `stop`
/// appears in `folder`, its time is up, or its parent has gone, whichever comes first.
struct LossyLoopProcess {
  static let flag = "--lossy-loop"

  let folder: URL
  /// The longest the process saves.
  let seconds: Int

  /// Saves until told to stop, and returns the process's exit code.
  func run() async -> Int32 {
    let parent = getppid()
    let clock = ContinuousClock()
    let start = clock.now
    let deadline = start + .seconds(seconds)
    let stop = folder.appendingPathComponent("stop").path
    do {
      let repository = try await Contender.relaxed.openRepository(in: folder)
      let batch = try QuestionBatch(count: 512, firstNumber: 900_000)
      var saves = 0
      while getppid() == parent, clock.now < deadline {
        var question = batch.questions[saves % batch.count]
        question.answer = "Edit \(saves)."
        try await repository.save(question)
        if saves == 0 { Self.say("ready") }
        saves += 1
        if saves.isMultiple(of: 256), access(stop, F_OK) == 0 { break }
      }
      try await repository.synchronize()
      Self.say("saves \(saves) \(start.duration(to: clock.now).seconds)")
      return 0
    } catch {
      FileHandle.standardError.write(Data("lossy loop: \(error)\n".utf8))
      return 1
    }
  }

  /// Writes `line` to standard output at once.
  private static func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }
}
