// Command-line arguments that are not valid UTF-8 are a usage error, never silently replaced.

import CommandLineKit
import Foundation
import LocalStoreTestSupport
import Testing

@testable import App

@MainActor
@Suite struct ArgumentEncodingTests {
  @Test func anArgumentThatIsNotUTF8IsAUsageErrorNamingIt() async throws {
    let console = CapturedConsole()
    let context = ProcessContext(
      environment: ["HOME": "/home/tester"], currentDirectory: URL(fileURLWithPath: "/work"),
      standardOutputIsTerminal: false, standardErrorIsTerminal: false)
    let runner = CommandRunner(context: context, console: console)
    let status = await runner.run(
      rawArguments: [
        Array("--data-dir".utf8), Array("/tmp/da".utf8) + [0xFF, 0x74, 0x61], Array("list".utf8),
      ])
    #expect(status == 64)
    #expect(console.errors.contains("Argument 2"), "\(console.errors)")
    #expect(console.errors.contains("UTF-8"))
    #expect(console.output.isEmpty)
  }

  @Test func anInvalidByteInTheDataFolderIsRefusedByTheRealBinary() async throws {
    let folder = try TemporaryDirectory(prefix: "AppArgumentEncoding")
    let binary = BuiltProducts.executable("questions").path
    let result = try await ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"),
      [
        "-c", "\"$0\" --data-dir \"$1/data$(printf '\\377')\" add x --answer y", binary,
        folder.url.path,
      ],
      environment: ["QUESTIONS_DATA_DIR": nil, "NO_COLOR": nil])
    #expect(result.status == 64, "\(result.standardError)")
    #expect(result.standardError.contains("UTF-8"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
  }
}
