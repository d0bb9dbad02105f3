// Import refuses a file over its size cap before reading it, and quotes only short excerpts.

import CommandLineKit
import Foundation
import LocalStoreTestSupport
import Testing

@testable import App

@MainActor
@Suite struct ImportLimitTests {
  @Test func aFileOverTheCapIsRefusedBeforeItIsRead() async throws {
    let folder = try TemporaryDirectory(prefix: "AppImportLimit")
    let file = folder.appending("huge.csv")
    // Sparse: it takes no disk space. At 1 TiB, an import that read it before checking its
    // size would never finish, or run out of memory, instead of answering.
    try #require(FileManager.default.createFile(atPath: file.path, contents: nil))
    let handle = try FileHandle(forWritingTo: file)
    try handle.truncate(atOffset: 1 << 40)
    try handle.close()
    let harness = RunnerHarness()
    let result = await harness.run(["import", file.path])
    #expect(result.status == 1)
    #expect(result.errors.contains("larger than"), "\(result.errors)")
    #expect(result.errors.contains("64 MiB"), "\(result.errors)")

    // One byte over the cap is over it too.
    let justOver = try FileHandle(forWritingTo: file)
    try justOver.truncate(atOffset: UInt64(ImportFileReader.maximumSize) + 1)
    try justOver.close()
    let overByOne = await RunnerHarness().run(["import", file.path])
    #expect(overByOne.status == 1)
    #expect(overByOne.errors.contains("larger than"), "\(overByOne.errors)")
  }

  @Test func standardInputOverTheCapIsRefused() async throws {
    let folder = try TemporaryDirectory(prefix: "AppImportLimitPipe")
    let binary = BuiltProducts.executable("questions").path
    let result = try await ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"),
      [
        "-c", "head -c 70000000 /dev/zero | \"$0\" --data-dir \"$1\" import --format csv -",
        binary, folder.url.path,
      ],
      environment: ["QUESTIONS_DATA_DIR": nil, "NO_COLOR": nil])
    #expect(result.status == 1)
    #expect(result.standardError.contains("larger than"), "\(result.standardError.prefix(300))")
  }

  @Test func anErrorQuotingAHugeFieldQuotesOnlyAnExcerpt() async throws {
    let folder = try TemporaryDirectory(prefix: "AppImportExcerpt")
    let file = folder.appending("wide.csv")
    let name = String(repeating: "x", count: 1_000_000)
    try Data("prompt,answer,\(name)\nQ,A,B\n".utf8).write(to: file)
    let harness = RunnerHarness()
    let result = await harness.run(["import", file.path])
    #expect(result.status == 1)
    #expect(result.errors.count < 2_000, "\(result.errors.count) characters")
    #expect(result.errors.contains("xxxxxxxx"))
  }

  @Test func manyInvalidRowsPrintABoundedNumberOfLines() async throws {
    let folder = try TemporaryDirectory(prefix: "AppImportProblems")
    let file = folder.appending("blank.csv")
    let rows = String(repeating: "Q,\n", count: 10_000)
    try Data(("prompt,answer\n" + rows).utf8).write(to: file)
    let harness = RunnerHarness()
    let result = await harness.run(["import", file.path])
    #expect(result.status == 1)
    let lines = result.errors.split(separator: "\n")
    #expect(lines.count < 40, "\(lines.count) lines")
    #expect(result.errors.contains("9980 more"), "\(result.errors.suffix(400))")
  }
}
