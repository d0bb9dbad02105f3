// Every script that documents itself prints its whole help for --help and exits 0.

import Foundation
import LocalStoreTestSupport
import Testing

/// The scripts whose header comment is their help, found by reading every script (not by a
/// list kept here): each one that prints `help_text`.
@Suite struct ScriptHelpTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Every file in `scripts/` and the template's `scripts/` whose text calls `help_text`.
  static var documentedScripts: [String] {
    ["scripts", "Templates/NewProject/scripts"].flatMap { folder -> [String] in
      let url = root.appendingPathComponent(folder)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
      return names.sorted().compactMap { name in
        let path = "\(folder)/\(name)"
        let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        return text?.contains("help_text\n") == true ? path : nil
      }
    }
  }

  /// The header comment of `path` from its third line on: what its help must print whole.
  static func header(of path: String) throws -> [String] {
    let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2)
      .prefix { $0.hasPrefix("#") }
      .map { line in
        var line = line.dropFirst()
        if line.first == " " { line = line.dropFirst() }
        return String(line)
      }
  }

  @Test func theScriptsAreFound() {
    #expect(Self.documentedScripts.count >= 5, "\(Self.documentedScripts)")
  }

  /// `--help` prints the whole header on standard output, so nothing is cut mid-sentence,
  /// and exits 0; the help of the template's scripts speaks of its placeholders as written.
  @Test(arguments: documentedScripts)
  func helpPrintsTheWholeHeaderAndExits0(script: String) async throws {
    let header = try Self.header(of: script)
    #expect(header.count >= 3)
    // Called by its full path, and by a relative one from the repository's root (a script
    // that moves to another folder first must still find its own text).
    let calls = [
      "bash '\(Self.root.appendingPathComponent(script).path)' --help",
      "cd '\(Self.root.path)' && bash '\(script)' --help",
    ]
    for call in calls {
      let result = try await ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", call])
      #expect(result.status == 0, "\(call): \(result.standardError)")
      let printed = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        .map(String.init)
      #expect(Array(printed.prefix(header.count)) == header, "\(call)")
    }
  }

  /// A wrong number of arguments is a usage error: the help on standard error, exit 64.
  @Test(arguments: ["scripts/new-project"])
  func tooManyArgumentsIsAUsageError(script: String) async throws {
    let result = try await ChildProcess.run(
      URL(fileURLWithPath: "/bin/bash"),
      [Self.root.appendingPathComponent(script).path, "A", "B", "C", "D"])
    #expect(result.status == 64)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.contains("Usage:"))
  }
}
