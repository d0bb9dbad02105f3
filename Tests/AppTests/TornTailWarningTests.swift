// `questions` tells the person about a journal tail torn by a power cut, which the store set aside.

import Foundation
import LocalStore
import LocalStoreTestSupport
import Testing

@testable import App

@Suite struct TornTailWarningTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "AppTornTail")
  }

  func questions(_ arguments: [String]) async throws -> ChildProcessResult {
    try await ChildProcess.run(
      BuiltProducts.executable("questions"), ["--data-dir", folder.url.path] + arguments,
      environment: ["QUESTIONS_DATA_DIR": nil, "NO_COLOR": "1"])
  }

  /// Ends the journal as a power cut can leave it: zeros where the earlier part of an append
  /// was lost, then the later part, a complete-looking line.
  func tearTheJournal() throws {
    let journal = folder.appending("questions.json.journal")
    var bytes = try Data(contentsOf: journal)
    let end = (bytes.lastIndex { $0 != 0 } ?? -1) + 1
    let tail = Data(count: 40) + Data(#"{"version":1,"save":[]}"#.utf8) + Data([0x0A])
    bytes.replaceSubrange(end..<(end + tail.count), with: tail)
    try bytes.write(to: journal)
  }

  @Test func everyCommandThatOpensTheStoreWarnsUntilAChangeCutsTheTailOff() async throws {
    for prompt in ["First?", "Second?"] {
      #expect(try await questions(["add", prompt, "--answer", "A"]).status == 0)
    }
    try tearTheJournal()

    let listed = try await questions(["list"])
    #expect(listed.status == 0, "\(listed.standardError)")
    #expect(listed.standardOutput.contains("Second?"))
    let warning = listed.standardError
    #expect(warning.hasPrefix("questions: warning: "), "\(warning)")
    #expect(warning.contains("questions.json.journal ends in 64 damaged bytes"), "\(warning)")
    let copies = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
      .filter { $0.hasPrefix("questions.json.journal.torn-") }
    try #require(copies.count == 1, "\(copies)")
    #expect(warning.contains(copies[0]), "\(warning)")

    #expect(try await questions(["--json", "list"]).standardError == warning)
    let added = try await questions(["add", "Third?", "--answer", "A"])
    #expect(added.status == 0)
    #expect(added.standardError == warning)  // The change that cuts the tail off opened on it.
    let after = try await questions(["list"])
    #expect(after.standardError.isEmpty, "\(after.standardError)")
    #expect(after.standardOutput.contains("Third?"))
  }

  @MainActor @Test func theFullScreenModeOpensOnAOneLineFormOfTheWarning() {
    let journal = URL(fileURLWithPath: "/data/questions.json.journal")
    let copy = URL(fileURLWithPath: "/data/questions.json.journal.torn-20261125T020449Z")
    let kept = CommandRunner.notice(for: StoreWarning(file: journal, bytes: 480..<544, copy: copy))
    #expect(
      kept == "questions.json.journal ended in 64 damaged bytes a power cut left; they are kept"
        + " in questions.json.journal.torn-20261125T020449Z. Nothing saved was lost.")
    let notCopied = CommandRunner.notice(for: StoreWarning(file: journal, bytes: 0..<9, copy: nil))
    #expect(notCopied.contains("they are kept at its end"), "\(notCopied)")
  }
}
