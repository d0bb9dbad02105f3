// Which folder the store lives in: the option, then the environment, then the default.

import Foundation
import LocalStore
import Testing

@testable import App

@Suite struct DataDirectoryResolverTests {
  static let cwd = URL(fileURLWithPath: "/work/here", isDirectory: true)
  static let environment = [
    "QUESTIONS_DATA_DIR": "/from/env", "XDG_DATA_HOME": "/xdg", "HOME": "/home/tester",
  ]

  func resolve(_ option: String?, _ environment: [String: String]) -> String {
    DataDirectoryResolver.resolve(
      option: option, environment: environment, currentDirectory: Self.cwd
    ).path
  }

  @Test(
    arguments: [
      (Optional("/from/flag"), environment, "/from/flag"),
      ("relative/dir", environment, "/work/here/relative/dir"),
      ("../up", environment, "/work/up"),
      (nil, environment, "/from/env"),
      ("", environment, "/from/env"),
      (nil, ["QUESTIONS_DATA_DIR": "env/relative"], "/work/here/env/relative"),
    ] as [(String?, [String: String], String)])
  func optionBeatsEnvironment(option: String?, environment: [String: String], expected: String) {
    #expect(resolve(option, environment) == expected)
  }

  @Test(arguments: [
    ["XDG_DATA_HOME": "/xdg", "HOME": "/home/tester"],
    ["QUESTIONS_DATA_DIR": "", "XDG_DATA_HOME": "/xdg"],
    ["HOME": "/home/tester"],
  ])
  func environmentBeatsDefault(environment: [String: String]) {
    let expected = DataDirectory.url(appName: "questions", environment: environment).path
    #expect(resolve(nil, environment) == expected)
    #expect(resolve(nil, environment.merging(["QUESTIONS_DATA_DIR": "/env"]) { $1 }) == "/env")
  }

  #if os(Linux)
    @Test func defaultFollowsXDGOnLinux() {
      #expect(resolve(nil, ["XDG_DATA_HOME": "/xdg"]) == "/xdg/questions")
      #expect(resolve(nil, ["HOME": "/home/tester"]) == "/home/tester/.local/share/questions")
    }
  #endif
}
