// Which folder a tool's stores live in, and the variables that are refused rather than misread.

import CommandLineKit
import Foundation
import Persistence
import Testing

@Suite struct DataFolderTests {
  static let folder = DataFolder(appName: "recipes", environmentVariable: "RECIPES_DATA_DIR")
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

  @Test func withNeitherTheDefaultFolderIsNamedAfterTheApp() throws {
    let environment = ["HOME": "/home/tester", "XDG_DATA_HOME": "/xdg"]
    #expect(
      try Self.folder.resolve(option: nil, in: context(environment))
        == DataDirectory.url(appName: "recipes", environment: environment))
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
