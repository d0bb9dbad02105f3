// Runs a built command-line tool against the hostile-text table, through a pipe and on a terminal.

import Foundation

/// The checks every tool made from this template passes: no raw control character from
/// stored text, paths or folder names reaches a terminal or a pipe, JSON stays JSON, and closed
/// standard streams are reported, never written into a store.
///
/// Each check returns the problems it found, one sentence each; an empty list is a pass.
public struct HostileCommandLine: Sendable {
  /// The tool under test.
  public var tool: HostileTool

  /// Checks of `tool`.
  public init(_ tool: HostileTool) {
    self.tool = tool
  }

  /// What one run printed: both streams together on a terminal.
  public struct Run: Sendable {
    /// The exit status.
    public var status: Int32
    /// Everything printed, standard output first when they are pipes.
    public var printed: String
    /// Standard output alone (through a pipe only).
    public var output: String
  }

  /// Runs the tool with `arguments` on `channel`, its data folder unset in the environment.
  public func run(_ arguments: [String], on channel: HostileChannel) async throws -> Run {
    let environment: [String: String?] = [tool.dataVariable: nil, "NO_COLOR": "1"]
    switch channel {
    case .pipe:
      let result = try await ChildProcess.run(tool.executable, arguments, environment: environment)
      return Run(
        status: result.status, printed: result.standardOutput + result.standardError,
        output: result.standardOutput)
    case .terminal:
      let terminal = try PseudoTerminal(
        executable: tool.executable, arguments: arguments, environment: environment)
      let exit = try terminal.waitForExit()
      let printed = String(decoding: terminal.rawOutput, as: UTF8.self)
      return Run(status: exit.status, printed: printed, output: printed)
    }
  }

  /// The problems of `run`: raw controls, and `expected` (such as the marker) missing.
  func problems(
    _ run: Run, of command: [String], on channel: HostileChannel, expecting expected: String?
  ) -> [String] {
    var found: [String] = []
    let raw = HostileText.rawControls(in: run.printed, throughTerminal: channel == .terminal)
    if !raw.isEmpty {
      found.append(
        "\(command.joined(separator: " ")) on a \(channel) printed raw "
          + raw.prefix(5).map { "U+" + String($0.value, radix: 16, uppercase: true) }
          .joined(separator: ", ") + ": \(run.printed.debugDescription)")
    }
    if let expected, !run.printed.contains(expected) {
      found.append(
        "\(command.joined(separator: " ")) on a \(channel) did not show \(expected):"
          + " \(run.printed.debugDescription)")
    }
    return found
  }

  /// Stored text: a value holding `hostile` is added, edited to hold it again, and read back
  /// by every reader; nothing printed holds a raw control, and each reader shows the marker.
  public func storedText(
    _ hostile: HostileText, on channel: HostileChannel
  ) async throws -> [String] {
    let folder = try TemporaryDirectory(prefix: "HostileStored")
    let data = ["--data-dir", folder.url.path]
    let added = try await run(data + tool.add(hostile.text), on: .pipe)
    guard added.status == 0 else { return ["add failed: \(added.printed)"] }
    let id = added.output.trimmingCharacters(in: .whitespacesAndNewlines)
    var found: [String] = []
    let edit = data + tool.edit(id, hostile.text + " again")
    let edited = try await run(edit, on: channel)
    if edited.status != 0 { found.append("edit failed: \(edited.printed)") }
    found += problems(edited, of: edit, on: channel, expecting: nil)
    for reader in tool.readers(id) {
      let command = data + reader
      let read = try await run(command, on: channel)
      if read.status != 0 { found.append("\(reader) failed: \(read.printed)") }
      found += problems(read, of: command, on: channel, expecting: HostileText.marker)
    }
    return found
  }

  /// JSON: `--json list` of a value holding `hostile` escapes every control (C0 by JSON,
  /// C1 and bidi as `\uXXXX`), and decodes to the exact text.
  public func jsonList(_ hostile: HostileText, on channel: HostileChannel) async throws -> [String]
  {
    let folder = try TemporaryDirectory(prefix: "HostileJSON")
    let data = ["--data-dir", folder.url.path]
    let added = try await run(data + tool.add(hostile.text), on: .pipe)
    guard added.status == 0 else { return ["add failed: \(added.printed)"] }
    let command = data + ["--json", "list"]
    let listed = try await run(command, on: channel)
    var found = problems(listed, of: command, on: channel, expecting: nil)
    if channel == .pipe {
      let json = try? JSONSerialization.jsonObject(with: Data(listed.output.utf8))
      let strings = (json as? [[String: Any]] ?? []).flatMap {
        $0.values.compactMap { $0 as? String }
      }
      if !strings.contains(hostile.text) {
        found.append(
          "--json list is not JSON holding the exact text: \(listed.output.debugDescription)")
      }
    }
    return found
  }

  /// Folder names and paths: a data folder named `hostile` works, and when its store is
  /// damaged, the error that names it holds no raw control; an argument echoed in a usage
  /// error holds none either.
  public func folderName(
    _ hostile: HostileText, on channel: HostileChannel
  ) async throws -> [String] {
    let parent = try TemporaryDirectory(prefix: "HostileFolder")
    let folder = parent.appending(hostile.text)
    let data = ["--data-dir", folder.path]
    var found: [String] = []
    let add = data + tool.add("plain")
    let added = try await run(add, on: channel)
    if added.status != 0 { found.append("add in a hostile folder failed: \(added.printed)") }
    found += problems(added, of: add, on: channel, expecting: nil)
    try Data("not json".utf8).write(to: folder.appendingPathComponent(tool.storeFilename))
    try? FileManager.default.removeItem(
      at: folder.appendingPathComponent(tool.storeFilename + ".journal"))
    let list = data + ["list"]
    let damaged = try await run(list, on: channel)
    if damaged.status != 1 { found.append("a damaged store did not exit 1: \(damaged.printed)") }
    found += problems(damaged, of: list, on: channel, expecting: HostileText.marker)
    for wrong in [[hostile.text], ["show", hostile.text], ["list", "--" + hostile.text]] {
      let command = data + wrong
      let refused = try await run(command, on: channel)
      if refused.status != 64 { found.append("\(wrong) did not exit 64: \(refused.printed)") }
      found += problems(refused, of: command, on: channel, expecting: HostileText.marker)
    }
    return found
  }

  /// Closed standard streams: with standard input, output or error closed, no command is
  /// killed, none writes into a store file, and a lost standard output ends with status 1 and
  /// says so.
  public func closedStreams() async throws -> [String] {
    let folder = try TemporaryDirectory(prefix: "HostileClosed")
    var found: [String] = []
    let shell = { (arguments: [String], redirection: String) async throws -> ChildProcessResult in
      let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
      return try await ChildProcess.run(
        URL(fileURLWithPath: "/bin/sh"),
        [
          "-c", "\"$0\" --data-dir \"$1\" \(quoted.joined(separator: " ")) \(redirection)",
          tool.executable.path, folder.url.path,
        ],
        environment: [tool.dataVariable: nil])
    }
    for closing in ["<&-", ">&-", "2>&-", "<&- >&- 2>&-"] {
      for command in [tool.add("Closed"), ["list"], ["--json", "list"]] {
        let result = try await shell(command, closing)
        if result.wasSignalled { found.append("\(command) \(closing) was killed by a signal") }
        if closing == ">&-", result.status != 1 || !result.standardError.contains("standard output")
        {
          found.append("\(command) >&- did not report the lost output: \(result.standardError)")
        }
      }
    }
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? []
    for file in files {
      let text = String(
        decoding: (try? Data(contentsOf: folder.appending(file))) ?? Data(), as: UTF8.self)
      if text.contains("error:") || text.contains("warning:") {
        found.append("a message was written into the store file \(file)")
      }
    }
    return found
  }
}
