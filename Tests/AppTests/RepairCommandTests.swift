// `questions repair` run as a child process: it moves only what cannot be read, and says where.

import Foundation
import LocalStoreTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct RepairCommandTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "AppRepair")
  }

  var storeFile: URL { folder.appending("questions.json") }

  func questions(_ arguments: [String]) async throws -> ChildProcessResult {
    try await ChildProcess.run(
      BuiltProducts.executable("questions"), ["--data-dir", folder.url.path] + arguments,
      environment: ["QUESTIONS_DATA_DIR": nil, "NO_COLOR": nil])
  }

  @Test func aCorruptStoreIsMovedAsideWithItsBytesAndTheStoreStartsEmpty() async throws {
    let garbage = Data("{\"version\":1,\"items\":[{\"id\":".utf8)
    try garbage.write(to: storeFile)

    let failing = try await questions(["list"])
    #expect(failing.status == 1)
    #expect(failing.standardError.contains("questions repair"))

    let repair = try await questions(["repair"])
    #expect(repair.status == 0)
    let moved = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
      .filter { $0.hasPrefix("questions.json.corrupt-") }
    try #require(moved.count == 1)
    #expect(repair.standardError.contains(moved[0]))
    #expect(bytes(of: folder.appending(moved[0])) == garbage)
    #expect(!FileManager.default.fileExists(atPath: storeFile.path))

    let after = try await questions(["--json", "list"])
    #expect(after.status == 0)
    #expect(after.standardOutput == "[]\n")
  }

  @Test func aReadableStoreIsLeftAlone() async throws {
    #expect(try await questions(["add", "Q?", "--answer", "A"]).status == 0)
    let before = bytes(of: storeFile)
    let repair = try await questions(["--json", "repair"])
    #expect(repair.status == 0)
    let report = try JSONSerialization.jsonObject(with: Data(repair.standardOutput.utf8))
    let object = try #require(report as? [String: Any])
    #expect(object["store"] as? String == storeFile.path)
    #expect(object["movedTo"] is NSNull)
    #expect(bytes(of: storeFile) == before)
  }

  @Test func aStoreFromANewerVersionIsNotMoved() async throws {
    let newer = Data(#"{"version":9,"items":[]}"#.utf8)
    try newer.write(to: storeFile)
    let repair = try await questions(["repair"])
    #expect(repair.status == 1)
    #expect(repair.standardError.contains("version 9"))
    #expect(repair.standardOutput.isEmpty)
    #expect(bytes(of: storeFile) == newer)
  }

  @Test func repairKeepsEveryIntactQuestionAndSaysWhereTheRestWent() async throws {
    #expect(try await questions(["sample"]).status == 0)
    var damaged = try #require(bytes(of: storeFile))
    let lines = damaged.indices.filter { damaged[$0] == UInt8(ascii: "\n") }
    damaged[lines[10] + 1] = UInt8(ascii: "[")  // One item's line no longer parses.
    try damaged.write(to: storeFile)
    #expect(try await questions(["list"]).status == 1)

    let repair = try await questions(["repair"])
    #expect(repair.status == 0, "\(repair.standardError)")
    #expect(repair.standardError.contains("kept 31 of 32"), "\(repair.standardError)")
    let moved = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
      .filter { $0.hasPrefix("questions.json.corrupt-") }
    try #require(moved.count == 1)
    #expect(repair.standardError.contains(moved[0]))
    #expect(bytes(of: folder.appending(moved[0])) == damaged)
    let list = try await questions(["--json", "list"])
    let items = try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [Any]
    #expect(items?.count == 31)
  }

  /// A journal record missing from the middle (two writers that did not exclude each other,
  /// or an edit by hand): the report names the journal, not the intact snapshot, and why.
  @Test func repairNamesTheFileAtFaultAndWhy() async throws {
    for prompt in ["First?", "Second?", "Third?", "Fourth?"] {
      #expect(try await questions(["add", prompt, "--answer", "A"]).status == 0)
    }
    let journal = folder.appending("questions.json.journal")
    let original = try #require(bytes(of: journal))
    let content = original.prefix { $0 != 0 }  // The records, without the space reserved after.
    let records = content.split(separator: UInt8(ascii: "\n"))
    try #require(records.count == 3)  // The first question went into the snapshot.
    var edited = Data(records[0] + [UInt8(ascii: "\n")] + records[2] + [UInt8(ascii: "\n")])
    edited.append(Data(count: original.count - edited.count))
    try edited.write(to: journal)

    let repair = try await questions(["repair"])
    #expect(repair.status == 0, "\(repair.standardError)")
    #expect(
      repair.standardError.contains(
        "questions.json.journal is damaged (the record at byte \(records[0].count + 1) has sequence 4,"
          + " expected 3)"), "\(repair.standardError)")
    // The changes up to the gap stay; the intact one after it is set aside, in a file named.
    #expect(
      repair.standardError.contains("kept 1 of 1 questions, and 1 of 2 later changes"),
      "\(repair.standardError)")
    let unapplied = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
      .filter { $0.hasPrefix("questions.json.journal.unapplied-") }
    try #require(unapplied.count == 1)
    #expect(repair.standardError.contains(unapplied[0]), "\(repair.standardError)")
    #expect(bytes(of: folder.appending(unapplied[0])) == records[2] + [UInt8(ascii: "\n")])
    #expect(try await questions(["list"]).standardOutput.components(separatedBy: "?").count == 3)
  }

  /// Lines of garbage after the end of a store are not questions: the report counts only the
  /// items the store held.
  @Test(arguments: [true, false])
  func repairCountsOnlyTheItemsTheStoreHeld(headerHasItemChecksums: Bool) async throws {
    #expect(try await questions(["add", "Only?", "--answer", "A"]).status == 0)
    var damaged = try #require(bytes(of: storeFile))
    if !headerHasItemChecksums {
      // As an older program wrote it: a header with the version only.
      let newline = try #require(damaged.firstIndex(of: UInt8(ascii: "\n")))
      damaged.replaceSubrange(..<newline, with: Data(#"{"version":1,"items":["#.utf8))
    }
    damaged.append(Data("garbage\nmore garbage\n{\"not\":\"an item\"}\n".utf8))
    try damaged.write(to: storeFile)
    let repair = try await questions(["repair"])
    #expect(repair.status == 0, "\(repair.standardError)")
    #expect(repair.standardError.contains("kept 1 of 1 questions"), "\(repair.standardError)")
    #expect(try await questions(["list"]).standardOutput.contains("Only?"))
  }

  /// A journal the program may not read (no permission) is not damaged: `list` says which file
  /// and why, without sending the person to `repair`, and `repair` refuses with the same
  /// reason, moving and rewriting nothing. Run as another user when the tests run as root,
  /// which ignores permission bits.
  @Test func aStoreThatCannotBeReadIsReportedNotRepaired() async throws {
    for prompt in ["First?", "Second?"] {
      #expect(try await questions(["add", prompt, "--answer", "A"]).status == 0)
    }
    let journal = folder.appending("questions.json.journal")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.url.path)
    for name in names {
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o666], ofItemAtPath: folder.appending(name).path)
    }
    try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: journal.path)
    let before = try names.map { try #require(bytes(of: folder.appending($0))) }
    let asAnotherUser = getuid() == 0

    for command in [["list"], ["repair"]] {
      let result = try await run(command, asAnotherUser: asAnotherUser)
      #expect(result.status == 1, "\(command): \(result.standardError)")
      #expect(result.standardError.contains("questions.json.journal"), "\(result.standardError)")
      #expect(result.standardError.contains("Permission denied"), "\(result.standardError)")
      #expect(!result.standardError.contains("questions repair"), "\(result.standardError)")
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        == names.sorted())
    #expect(try names.map { try #require(bytes(of: folder.appending($0))) } == before)
  }

  /// `questions <arguments>` on this folder, as the user nobody if `asAnotherUser`.
  private func run(_ arguments: [String], asAnotherUser: Bool) async throws -> ChildProcessResult {
    guard asAnotherUser else { return try await questions(arguments) }
    return try await ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/setpriv"),
      [
        "--reuid=65534", "--regid=65534", "--clear-groups",
        BuiltProducts.executable("questions").path, "--data-dir", folder.url.path,
      ] + arguments,
      environment: ["QUESTIONS_DATA_DIR": nil, "NO_COLOR": nil, "HOME": "/nonexistent"])
  }

  @Test func repairAlsoRepairsTheStudyHistory() async throws {
    let garbage = Data("{\"version\":1,\"items\":[{\"id\":".utf8)
    try garbage.write(to: folder.appending("sessions.json"))
    #expect(try await questions(["stats"]).status == 1)
    let repair = try await questions(["repair"])
    #expect(repair.status == 0, "\(repair.standardError)")
    #expect(repair.standardError.contains("sessions.json"))
    #expect(try await questions(["stats"]).status == 0)
  }

  private func bytes(of url: URL) -> Data? {
    FileManager.default.contents(atPath: url.path)
  }
}
