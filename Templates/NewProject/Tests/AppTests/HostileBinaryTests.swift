// The built `__EXECUTABLE__` against the template's table of hostile text: on a terminal and through a pipe.

import Foundation
import LocalStoreTestSupport
import Testing

/// The checks of ``HostileCommandLine`` (copied unchanged from the template, with its table),
/// which the template's own app passes too: escape sequences, C1 and bidi controls in stored
/// text, in paths and in folder names never reach a terminal or a pipe raw, `--json` stays
/// JSON, and closed standard streams are reported.
@Suite struct HostileBinaryTests {
  static let checks = HostileCommandLine(
    HostileTool(
      executable: BuiltProducts.executable("__EXECUTABLE__"),
      dataVariable: "__ENV_PREFIX___DATA_DIR", storeFilename: "__STORE__",
      add: { ["add", $0] },
      // fields: tests-hostile-edit
      edit: { ["edit", $0, "--title", $1, "--notes", $1] },
      // fields: end
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
