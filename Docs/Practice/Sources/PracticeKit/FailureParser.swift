// Finds the first failure in the output of `swift build` or `swift test`, and says it briefly.

import Foundation

/// Reads build and test logs and keeps only the first failure.
///
/// A compiler error is `path:line:column: error: message`; Swift Testing reports an issue as
/// `✘ Test name() recorded an issue at File.swift:31:5: Expectation failed: ...` followed by
/// its comments, each on a line starting with `↳`. Everything else in the log (progress lines,
/// passing tests, the source excerpts the compiler quotes) is left out.
public enum FailureParser {
  /// The first compiler error in `log`, or `nil` when there is none.
  public static func firstBuildError(in log: String) -> FailureSummary? {
    let lines = log.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for (index, line) in lines.enumerated() {
      guard let range = line.range(of: ": error: ") else { continue }
      let location = shortLocation(String(line[..<range.lowerBound]))
      let message = String(line[range.upperBound...])
      let notes = lines[(index + 1)...].prefix(12).compactMap { next -> String? in
        guard let note = next.range(of: "- note: ") else { return nil }
        return "note: " + next[note.upperBound...]
      }
      return FailureSummary(
        stage: .build, location: location, message: cleaned(message),
        details: Array(notes.prefix(2)))
    }
    if let line = lines.first(where: { $0.hasPrefix("error: ") }) {
      return FailureSummary(
        stage: .build, location: nil, message: cleaned(String(line.dropFirst(7))))
    }
    return nil
  }

  /// The first issue a test recorded in `log`, in source order (tests run in parallel, so the
  /// log's order changes from run to run); a crash when no issue was recorded but the run
  /// failed; `nil` when nothing failed.
  public static func firstTestFailure(in log: String) -> FailureSummary? {
    let lines = log.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let issues = recordedIssues(lines).sorted {
      sourceOrder($0.location) < sourceOrder($1.location)
    }
    if let first = issues.first { return first }
    let crash = lines.first {
      $0.contains("Exited with unexpected signal") || $0.contains("Fatal error")
    }
    if let crash {
      return FailureSummary(stage: .test, location: nil, message: cleaned(crash))
    }
    if lines.contains(where: { $0.hasPrefix("✘ Test run") }) {
      return FailureSummary(stage: .test, location: nil, message: "the test run failed")
    }
    return nil
  }

  /// Every issue recorded in `lines`, in the log's order.
  static func recordedIssues(_ lines: [String]) -> [FailureSummary] {
    var issues: [FailureSummary] = []
    for (index, line) in lines.enumerated() {
      // `recorded an issue at F.swift:31:5: …`, or for a test with arguments `recorded an
      // issue with 1 argument failure → a value at F.swift:31:5: …`.
      guard line.hasPrefix("✘ Test "),
        let match = line.firstMatch(
          of: /\ recorded an issue(?: with .*?)? at (\S+\.swift:\d+(?::\d+)?): (.*)$/)
      else { continue }
      let location: String? = shortLocation(String(match.1))
      let message = String(match.2)
      let comments = lines[(index + 1)...]
        .prefix { !$0.hasPrefix("✘ ") && !$0.hasPrefix("✔ ") && !$0.hasPrefix("◇ ") }
        .filter { $0.hasPrefix("↳ ") }
        .map { String($0.dropFirst(2)) }
      // The comment says what went wrong in the learner's words; the expression comes second.
      if let first = comments.first {
        issues.append(
          FailureSummary(
            stage: .test, location: location, message: first,
            details: Array(comments.dropFirst().prefix(2)) + expression(message)))
      } else {
        issues.append(FailureSummary(stage: .test, location: location, message: cleaned(message)))
      }
    }
    return issues
  }

  /// The failed expression as a line of detail, unless it is too long to help.
  static func expression(_ message: String) -> [String] {
    let line = cleaned(message)
    return line.count <= 120 ? [line] : []
  }

  /// `File.swift:31` sorts by file name, then by line number.
  static func sourceOrder(_ location: String?) -> String {
    guard let location else { return "~" }
    let parts = location.split(separator: ":")
    let line = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
    let padded = String(repeating: "0", count: max(0, 6 - String(line).count)) + String(line)
    return "\(parts.first ?? ""):\(padded)"
  }

  /// `/a/b/NoteStore.swift:31:5` becomes `NoteStore.swift:31`.
  static func shortLocation(_ location: String) -> String {
    let name = location.split(separator: "/").last.map(String.init) ?? location
    let parts = name.split(separator: ":")
    guard parts.count >= 2 else { return name }
    return "\(parts[0]):\(parts[1])"
  }

  /// One line, without the diagnostic group suffix (`[#SendingRisksDataRace]`), at most 300
  /// characters.
  static func cleaned(_ message: String) -> String {
    var text = message.split(separator: "\n").first.map(String.init) ?? ""
    if let group = text.range(of: " [#", options: .backwards), text.hasSuffix("]") {
      text = String(text[..<group.lowerBound])
    }
    return text.count > 300 ? String(text.prefix(299)) + "…" : text
  }
}
