// What `questions add` reported saved stays saved, whatever a later process's sync or a changed byte does.

import Foundation
import LocalStoreTestSupport
import Testing

/// Two ways a person could lose saves that `questions add` had reported, tried as a person
/// does: the built program, one process per command, a real data folder.
/// The question bank's command-line program, one process per command.
private let questions = DataFolderCommand("questions", dataFolderVariable: "QUESTIONS_DATA_DIR")

@Suite struct AcknowledgedSaveEndToEndTests {
  let folder: TemporaryDirectory
  let data: URL

  init() throws {
    folder = try TemporaryDirectory(prefix: "AcknowledgedSave")
    data = folder.appending("data")
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: false)
  }

  /// Alpha, Beta and Beta2, each added by its own process and reported saved; then a fourth
  /// process whose `fsync` fails (a preloaded shim makes it fail for files in the folder)
  /// cannot save Gamma. Its failure must cost only Gamma.
  @Test(.enabled(if: FsyncFailureShim.canBuild, "no C compiler (cc) to build the fsync shim"))
  func aProcessWhoseSyncFailsKeepsEveryEarlierProcesssSave() async throws {
    let shim = try await FsyncFailureShim.build(in: folder.url)
    for prompt in ["Alpha?", "Beta?", "Beta2?"] {
      let added = try await questions.run(in: data, ["add", prompt, "--answer", "a"])
      try #require(added.status == 0, "\(prompt): \(added.standardError)")
    }
    let gamma = try await questions.run(
      in: data, ["add", "Gamma?", "--answer", "a"],
      environment: FsyncFailureShim.environment(shim, failingUnder: data))
    #expect(gamma.status == 1, "\(gamma.standardOutput)\(gamma.standardError)")

    let (prompts, listed) = try await questions.listed("prompt", in: data, by: ["--json", "list"])
    #expect(listed.status == 0, "\(listed.standardError)")
    #expect(prompts == ["Alpha?", "Beta?", "Beta2?"], "\(listed.standardOutput)")
  }

  /// Five questions, each added by its own process; then one letter of the third one's
  /// record in the journal is changed. That is damage to a save that was reported saved:
  /// `questions list` must refuse, naming the journal and where the damage is, rather than
  /// list the two questions before it.
  @Test func aChangedLetterInASavedRecordIsRefusedNotListedAround() async throws {
    for index in 1...5 {
      let added = try await questions.run(
        in: data, ["add", "Question number \(index)?", "--answer", "a"])
      try #require(added.status == 0, "\(added.standardError)")
    }
    let journal = data.appendingPathComponent("questions.json.journal")
    var bytes = [UInt8](try Data(contentsOf: journal))
    // The first question is in the snapshot; the journal's records are numbered from 2.
    let lineStarts = [0] + bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
    let record = try #require(
      lineStarts.first { bytes[$0...].starts(with: Array("3 ".utf8)) }, "no record 3")
    let letter = try #require(
      bytes[record...].firstRange(of: Array("number".utf8))?.lowerBound, "no prompt in record 3")
    bytes[letter] = UInt8(ascii: "N")
    try Data(bytes).write(to: journal)

    let listed = try await questions.run(in: data, ["list"])
    #expect(listed.status != 0, "listed: \(listed.standardOutput)")
    #expect(listed.standardError.contains("questions.json.journal"), "\(listed.standardError)")
    #expect(
      listed.standardError.contains("byte \(record)")
        || listed.standardError.contains("byte \(letter)"),
      "the message names neither byte \(record) nor \(letter): \(listed.standardError)")
  }
}
