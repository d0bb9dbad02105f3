// What a `sync` command line asks for, and the usage error of each wrong one, by the rules every tool shares.

import CommandLineKit
import Foundation
import LocalStoreSyncKit
import Testing

@Suite struct SyncRequestTests {
  /// `--keep`, `--server`, `--user`, `--status` and the arguments, as a parser hands them over.
  struct Line: Sendable, CustomStringConvertible {
    var keep: String?
    var server: String?
    var user: String?
    var status = false
    var arguments: [String] = []

    var description: String { "keep \(keep ?? "-") server \(server ?? "-") \(arguments)" }

    func request() throws(UsageError) -> SyncRequest {
      try SyncRequest(
        keep: keep, server: server, user: user, status: status, arguments: arguments,
        noun: "plant")
    }
  }

  @Test func eachRightLineIsItsRequest() throws {
    #expect(try Line().request() == .round(server: nil, user: nil))
    #expect(
      try Line(server: "http://h/v1", user: "u").request()
        == .round(server: "http://h/v1", user: "u"))
    #expect(try Line(status: true).request() == .status)
    let id = UUID()
    #expect(
      try Line(keep: "Mine", arguments: [id.uuidString]).request() == .keep(.id(id), mine: true))
    #expect(
      try Line(keep: "theirs", arguments: ["abcd"]).request()
        == .keep(try #require(IDReference("abcd")), mine: false))
  }

  @Test(arguments: [
    (
      Line(keep: "both", arguments: ["abcd"]),
      UsageError.invalidValue(
        "both", option: "--keep", expected: "mine or theirs")
    ),
    (
      Line(keep: "mine", server: "http://h/v1", arguments: ["abcd"]),
      .unexpectedArgument("--server")
    ),
    (Line(keep: "mine", user: "u", arguments: ["abcd"]), .unexpectedArgument("--user")),
    (Line(keep: "mine", status: true, arguments: ["abcd"]), .unexpectedArgument("--status")),
    (Line(keep: "mine"), .missingArgument("<id>")),
    (Line(keep: "mine", arguments: ["abcd", "ef01"]), .unexpectedArgument("ef01")),
    (Line(keep: "mine", arguments: ["xyz!"]), .malformedID("xyz!", noun: "plant")),
    (Line(arguments: ["extra"]), .unexpectedArgument("extra")),
    (Line(server: " \t"), .blankValue("--server")),
    (Line(user: ""), .blankValue("--user")),
    (Line(server: "http://h/v1", status: true), .unexpectedArgument("--server")),
    (Line(user: "u", status: true), .unexpectedArgument("--user")),
  ])
  func eachWrongLineIsItsUsageError(_ line: Line, _ expected: UsageError) {
    #expect(throws: expected) { try line.request() }
  }
}
