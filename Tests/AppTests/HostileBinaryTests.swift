// The built `questions` against the shared table of hostile text: on a terminal and through a pipe.

import Foundation
import LocalStoreTestSupport
import Testing

/// The checks of ``HostileCommandLine``, which a generated project runs against its own binary
/// with the same table, so that a fix that reaches only one of the two fails.
@Suite struct HostileBinaryTests {
  static let checks = HostileCommandLine(
    HostileTool(
      executable: BuiltProducts.executable("questions"), dataVariable: "QUESTIONS_DATA_DIR",
      storeFilename: "questions.json",
      add: { ["add", $0, "--answer", "plain"] },
      edit: { ["edit", $0, "--prompt", $1] },
      readers: { [["list"], ["show", $0], ["search", HostileText.marker]] }))

  @Test(arguments: HostileText.all, HostileChannel.allCases)
  func storedText(hostile: HostileText, channel: HostileChannel) async throws {
    let problems = try await Self.checks.storedText(hostile, on: channel)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test(arguments: HostileText.all, HostileChannel.allCases)
  func jsonList(hostile: HostileText, channel: HostileChannel) async throws {
    let problems = try await Self.checks.jsonList(hostile, on: channel)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test(arguments: HostileText.all, HostileChannel.allCases)
  func folderNameAndArguments(hostile: HostileText, channel: HostileChannel) async throws {
    let problems = try await Self.checks.folderName(hostile, on: channel)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test func closedStandardStreams() async throws {
    let problems = try await Self.checks.closedStreams()
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }
}
