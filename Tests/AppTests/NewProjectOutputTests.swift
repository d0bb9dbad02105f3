// What scripts/new-project and a project's add-model print and leave behind when they succeed: quoted paths, a first commit.

import Foundation
import LocalStoreTestSupport
import Testing

/// Runs the generator once into a folder whose name a shell and a terminal would both act
/// on, then the project's own `scripts/add-model`, as a person would in that folder.
@Suite struct NewProjectOutputTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "NewProjectOutput")
  }

  /// A git identity for the child processes, so the first commit does not depend on the
  /// machine's configuration.
  static let gitIdentity: [String: String?] = [
    "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
    "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com",
  ]

  func bash(_ script: String) async throws -> ChildProcessResult {
    try await ChildProcess.run(
      URL(fileURLWithPath: "/bin/bash"), ["-c", script], environment: Self.gitIdentity)
  }

  /// `text` quoted for bash, whatever it holds.
  func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  @Test func aHostileFolderNameIsQuotedAndTheProjectIsCommitted() async throws {
    // An OSC title sequence, a command substitution and a quote, in the folder's name.
    let name = "my \u{1B}]0;PWNED\u{07}$(touch PWNED) it's"
    let generator = NewProjectRefusalTests.root.appendingPathComponent("scripts/new-project")
    let result = try await bash(
      "cd \(quoted(folder.url.path)) && \(quoted(generator.path)) Shelf Book \(quoted(name))")
    try #require(result.status == 0, "\(result.standardError)")
    let printed = result.standardOutput + result.standardError
    #expect(NewProjectRefusalTests.controlCharacters(in: printed).isEmpty, "\(printed)")

    // The `Next:` line, pasted into a shell in the same folder, goes into the project and
    // runs nothing it names.
    let next = try #require(
      result.standardOutput.split(separator: "\n").first { $0.hasPrefix("Next: ") })
    let cd = try #require(next.dropFirst("Next: ".count).components(separatedBy: " && ").first)
    let pasted = try await bash("cd \(quoted(folder.url.path)) && \(cd) && pwd -P")
    #expect(pasted.status == 0, "\(next): \(pasted.standardError)")
    #expect(
      pasted.standardOutput.trimmingCharacters(in: .newlines)
        == folder.url.resolvingSymlinksInPath().appendingPathComponent(name).path,
      "\(next)")
    #expect(!FileManager.default.fileExists(atPath: folder.appending("PWNED").path))

    // The generated files are the first commit: nothing is left uncommitted.
    let project = quoted(folder.appending(name).path)
    let log = try await bash("cd \(project) && git log --format=%s && git status --porcelain")
    #expect(log.status == 0, "\(log.standardError)")
    let lines = log.standardOutput.split(separator: "\n")
    #expect(lines.count == 1, "\(log.standardOutput)")
    #expect(lines.first?.contains("new-project") == true, "\(log.standardOutput)")

    // add-model refuses a name only the SwiftUI views use, changing nothing; a good name
    // then shows in `git status` as what add-model changed.
    for refused in ["Text", "Label"] {
      let refusal = try await bash("cd \(project) && scripts/add-model \(refused)")
      #expect(refusal.status == 1, "\(refused): \(refusal.standardError)")
      #expect(refusal.standardError.contains("the code already"), "\(refusal.standardError)")
    }
    let unchanged = try await bash("cd \(project) && git status --porcelain")
    #expect(unchanged.standardOutput.isEmpty, "\(unchanged.standardOutput)")
    let added = try await bash(
      "cd \(project) && scripts/add-model Author && git status --porcelain")
    #expect(added.status == 0, "\(added.standardError)")
    #expect(added.standardOutput.contains("Sources/Models/Author.swift"), "\(added.standardOutput)")
    #expect(added.standardOutput.contains(" M README.md"), "\(added.standardOutput)")
  }

  /// The names refused are read from the templates, not from a list: a name that a new
  /// SwiftUI view starts to use is refused in a copy of the generator with that view.
  @Test func aNameANewTemplateUsesIsRefusedWithNoListToEdit() async throws {
    let root = NewProjectRefusalTests.root
    let clone = folder.appending("clone")
    let copied = try await bash(
      "mkdir \(quoted(clone.path)) && cd \(quoted(root.path)) && "
        + "tar --exclude=.build -cf - scripts Templates Sources Tests .swift-format "
        + "| tar -xf - -C \(quoted(clone.path))")
    try #require(copied.status == 0, "\(copied.standardError)")
    let generator = clone.appendingPathComponent("scripts/new-project").path
    // A DIR whose parent is missing: every name check runs, then DIR is refused.
    let target = folder.appending("none/Shelf").path
    let before = try await bash("\(quoted(generator)) Shelf Zeppelin \(quoted(target))")
    #expect(before.standardError.contains("does not exist"), "\(before.standardError)")

    try "// A view that names a new SwiftUI type.\nlet shown = Zeppelin()\n".write(
      to: clone.appendingPathComponent("Templates/SwiftUI/Extra.swift"), atomically: true,
      encoding: .utf8)
    let after = try await bash("\(quoted(generator)) Shelf Zeppelin \(quoted(target))")
    #expect(after.status == 1, "\(after.standardError)")
    #expect(after.standardError.contains("the generated code"), "\(after.standardError)")
    #expect(!FileManager.default.fileExists(atPath: target))
  }
}
