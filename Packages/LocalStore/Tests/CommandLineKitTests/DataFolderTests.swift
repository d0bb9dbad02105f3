// Which folder a tool's stores live in, and the variables that are refused rather than misread.

import CommandLineKit
import Foundation
import Testing

@Suite struct DataFolderTests {
  /// A tool's data folder whose platform default is `/default/<app>`, and `HOME`'s
  /// `.local/share/<app>` when the environment names a home.
  static let folder = DataFolder(appName: "recipes", environmentVariable: "RECIPES_DATA_DIR") {
    appName, environment in
    URL(fileURLWithPath: (environment["HOME"] ?? "/default") + "/.local/share/" + appName)
  }
  static let cwd = URL(fileURLWithPath: "/work/here", isDirectory: true)

  func context(_ environment: [String: String], invalid: [String: String] = [:]) -> ProcessContext {
    var context = ProcessContext(environment: environment, currentDirectory: Self.cwd)
    context.invalidlyEncodedVariables = invalid
    return context
  }

  @Test(
    arguments: [
      (Optional("/from/flag"), ["RECIPES_DATA_DIR": "/env"], "/from/flag"),
      ("rel", ["RECIPES_DATA_DIR": "/env"], "/work/here/rel"),
      (nil, ["RECIPES_DATA_DIR": "/env"], "/env"),
      ("", ["RECIPES_DATA_DIR": "env/rel"], "/work/here/env/rel"),
    ] as [(String?, [String: String], String)])
  func theOptionBeatsTheVariable(
    option: String?, environment: [String: String], expected: String
  ) throws {
    #expect(try Self.folder.resolve(option: option, in: context(environment)).path == expected)
  }

  @Test func withNeitherTheDefaultFolderIsTheOneGivenForTheAppInTheRunsEnvironment() throws {
    let environment = ["HOME": "/home/tester"]
    #expect(
      try Self.folder.resolve(option: nil, in: context(environment)).path
        == "/home/tester/.local/share/recipes")
  }

  #if canImport(Darwin)
    static let namingVariables = ["RECIPES_DATA_DIR"]
  #else
    static let namingVariables = ["RECIPES_DATA_DIR", "XDG_DATA_HOME", "HOME"]
  #endif

  @Test(arguments: namingVariables)
  func aVariableThatWouldNameTheFolderButIsNotUTF8IsRefused(variable: String) {
    let environment = [variable: "/dir\u{FFFD}"]
    let error = #expect(throws: UsageError.self) {
      try Self.folder.resolve(option: nil, in: context(environment, invalid: environment))
    }
    #expect(error == .invalidEnvironmentEncoding(name: variable, shown: "/dir\u{FFFD}"))
    #expect(
      (try? Self.folder.resolve(option: "/given", in: context(environment, invalid: environment)))
        != nil, "--data-dir makes the variable irrelevant")
  }
}
