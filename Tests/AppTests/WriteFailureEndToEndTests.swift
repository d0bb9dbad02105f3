// The real binary with standard output or error on /dev/full: a failed write is exit 1.

import Foundation
import LocalStoreTestSupport
import Testing

@Suite struct WriteFailureEndToEndTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "AppWriteFailure")
  }

  /// Runs the binary through `sh -c`, so that `redirection` (such as `> /dev/full`) applies.
  func questions(_ arguments: String, redirection: String) async throws -> ChildProcessResult {
    let binary = BuiltProducts.executable("questions").path
    return try await ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "\"$0\" --data-dir \"$1\" \(arguments) \(redirection)", binary, folder.url.path],
      environment: ["QUESTIONS_DATA_DIR": nil, "NO_COLOR": nil])
  }

  @Test(arguments: ["export -", "export --format csv -", "list", "--json list", "search Q"])
  func aFailedWriteToStandardOutputIsExitOneWithAMessage(arguments: String) async throws {
    try await #require(try questions("add Q? --answer A", redirection: "> /dev/null").status == 0)
    let result = try await questions(arguments, redirection: "> /dev/full")
    #expect(result.status == 1, "\(arguments): \(result.standardError)")
    #expect(result.standardError.contains("standard output"), "\(arguments)")
    #expect(result.standardError.contains("No space left on device"), "\(arguments)")
    #expect(!result.standardError.contains("Exported"), "\(arguments)")
  }

  @Test func aFailedWriteToStandardErrorIsExitOne() async throws {
    let result = try await questions("import no-such-file.csv", redirection: "2> /dev/full")
    #expect(result.status == 1)
    let usage = try await questions("--no-such-option", redirection: "2> /dev/full")
    #expect(usage.status != 0)
  }

  @Test func aClosedPipeNeverEndsWithSuccess() async throws {
    let binary = BuiltProducts.executable("questions").path
    let statusFile = folder.appending("status").path
    // An export larger than a pipe's buffer, so that it cannot all be written.
    let rows = (0..<3_000).map { "Question number \($0)?,Answer \($0)\n" }.joined()
    try Data(("prompt,answer\n" + rows).utf8).write(to: folder.appending("many.csv"))
    try await #require(
      try questions("import \"$1/many.csv\"", redirection: "> /dev/null").status == 0)
    // `head` closes the pipe after ten bytes; the rest of the export cannot be written.
    let result = try await ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"),
      [
        "-c", "{ \"$0\" --data-dir \"$1\" export -; echo $? > \"$2\"; } | head -c 10 > /dev/null",
        binary, folder.url.path, statusFile,
      ],
      environment: ["QUESTIONS_DATA_DIR": nil, "NO_COLOR": nil])
    let status = try String(contentsOfFile: statusFile, encoding: .utf8)
    #expect(status.trimmingCharacters(in: .whitespacesAndNewlines) != "0")
    #expect(!result.standardError.contains("Exported"))
  }
}
