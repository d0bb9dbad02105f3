// Repair's words match what it does, and commands that only read create no file.

import Foundation
import LocalStoreTestSupport
import Testing

@Suite struct RepairHintTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "AppRepairHint")
  }

  func questions(_ arguments: [String]) async throws -> ChildProcessResult {
    try await ChildProcess.run(
      BuiltProducts.executable("questions"), ["--data-dir", folder.url.path] + arguments,
      environment: ["QUESTIONS_DATA_DIR": nil, "NO_COLOR": "1"])
  }

  var files: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? []).sorted()
  }

  @Test func theHintForADamagedStoreSaysRepairKeepsWhatIsIntact() async throws {
    #expect(try await questions(["sample"]).status == 0)
    let store = folder.appending("questions.json")
    var damaged = try Data(contentsOf: store)
    let lines = damaged.indices.filter { damaged[$0] == UInt8(ascii: "\n") }
    damaged[lines[10] + 1] = UInt8(ascii: "[")
    try damaged.write(to: store)
    let listed = try await questions(["list"])
    #expect(listed.status == 1)
    #expect(!listed.standardError.contains("start empty"), "\(listed.standardError)")
    #expect(listed.standardError.contains("questions repair"))
    #expect(listed.standardError.contains("intact"), "\(listed.standardError)")
  }

  @Test func repairSaysThereIsNoStudyHistoryRatherThanThatItIsReadable() async throws {
    #expect(try await questions(["add", "Q?", "--answer", "A"]).status == 0)
    let repair = try await questions(["repair"])
    #expect(repair.status == 0)
    #expect(!repair.standardError.contains("sessions.json is readable"), "\(repair.standardError)")
    #expect(repair.standardError.contains("no sessions.json"), "\(repair.standardError)")
  }

  @Test(arguments: [["repair"], ["stats"], ["list"], ["--json", "list"], ["export", "-"]])
  func commandsThatOnlyReadCreateNoFile(arguments: [String]) async throws {
    #expect(try await questions(["add", "Q?", "--answer", "A"]).status == 0)
    let before = files
    let result = try await questions(arguments)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(files == before, "\(arguments)")
  }

  @Test func readingAFolderThatDoesNotExistCreatesNothing() async throws {
    let missing = folder.appending("missing")
    for arguments in [["list"], ["stats"], ["repair"], ["export", "-"]] {
      let result = try await ChildProcess.run(
        BuiltProducts.executable("questions"), ["--data-dir", missing.path] + arguments,
        environment: ["QUESTIONS_DATA_DIR": nil])
      #expect(result.status == 0, "\(arguments): \(result.standardError)")
      #expect(!FileManager.default.fileExists(atPath: missing.path), "\(arguments)")
    }
  }
}
