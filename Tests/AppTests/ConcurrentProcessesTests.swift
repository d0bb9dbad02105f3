// Two `questions` processes adding to one store at the same time lose nothing.

import CommandLineKit
import Foundation
import LocalStoreTestSupport
import Models
import Testing

@Suite struct ConcurrentProcessesTests {
  /// How many `questions add` each of the two shell loops runs.
  static let addsPerProcess = 300

  /// A shell loop of `questions add`: `$0` is the binary, `$1` the data folder, `$2` the
  /// prompt prefix and `$3` the count. It stops at the first failing add.
  static let addLoop =
    #"for i in $(seq 1 "$3"); do "$0" --data-dir "$1" add "$2$i" --answer a || exit 1; done"#

  @Test func twoProcessesAddingAtOnceKeepEveryQuestion() async throws {
    let folder = try TemporaryDirectory(prefix: "AppConcurrent")
    let questions = BuiltProducts.executable("questions")
    let count = String(Self.addsPerProcess)
    let arguments = ["-c", Self.addLoop, questions.path, folder.url.path]
    let started = ContinuousClock.now
    async let first = onOwnThread {
      try ChildProcess.runBlocking(URL(fileURLWithPath: "/bin/sh"), arguments + ["A", count])
    }
    async let second = onOwnThread {
      try ChildProcess.runBlocking(URL(fileURLWithPath: "/bin/sh"), arguments + ["B", count])
    }
    let results = try await [first, second]
    let elapsed = ContinuousClock.now - started
    for result in results {
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.standardError.isEmpty)
    }
    // `add` prints the new question's id, one line per add.
    let printed = results.map { $0.standardOutput.split(separator: "\n").map(String.init) }
    #expect(printed.map(\.count) == [Self.addsPerProcess, Self.addsPerProcess])

    let list = try await ChildProcess.run(
      questions, ["--data-dir", folder.url.path, "--json", "list"])
    try #require(list.status == 0, "\(list.standardError)")
    let listed = try JSONDecoder().decode([Question].self, from: Data(list.standardOutput.utf8))
    #expect(listed.count == 2 * Self.addsPerProcess)
    let ids = Set(listed.map(\.id.uuidString))
    #expect(ids.count == 2 * Self.addsPerProcess, "duplicate ids")
    let lost = printed.joined().filter { !ids.contains($0) }
    #expect(lost.isEmpty, "\(lost.count) questions whose add succeeded are missing")
    for prefix in ["A", "B"] {
      let prompts = listed.map(\.prompt).filter { $0.hasPrefix(prefix) }
      let expected = (1...Self.addsPerProcess).map { "\(prefix)\($0)" }
      let missing = expected.filter { !prompts.contains($0) }
      #expect(missing.isEmpty, "\(missing.count) missing, such as \(missing.prefix(5))")
      #expect(prompts == expected, "each add is listed once, in the order it was made")
    }
    // The two loops' questions alternate in the store only if they really ran at once.
    let fromFirst = listed.map { $0.prompt.hasPrefix("A") }
    let switches = zip(fromFirst, fromFirst.dropFirst()).filter { $0 != $1 }.count
    #expect(switches > 1, "the processes ran one after the other, so nothing was shared")
    print("two processes adding \(Self.addsPerProcess) questions each took \(elapsed)")
  }
}
