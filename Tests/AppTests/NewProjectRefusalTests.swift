// scripts/new-project refuses every name and folder the generated project could not use.

import Foundation
import LocalStoreTestSupport
import Testing

/// Runs the generator as a person would, with a temporary folder as the parent of `DIR`.
/// Only refusals and the writing step are checked here (no build): `make test-templates`
/// builds generated projects, one for each class of accepted name.
@Suite struct NewProjectRefusalTests {
  /// The root of this repository, from this file's path.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "NewProject")
  }

  func generate(
    _ arguments: [String], environment: [String: String?] = [:]
  ) async throws -> ChildProcessResult {
    try await ChildProcess.run(
      URL(fileURLWithPath: "/bin/bash"),
      [Self.root.appendingPathComponent("scripts/new-project").path] + arguments,
      environment: environment)
  }

  func expectRefused(
    _ arguments: [String], environment: [String: String?] = [:], saying words: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let result = try await generate(arguments, environment: environment)
    #expect(result.status == 1, "\(result.standardError)", sourceLocation: sourceLocation)
    #expect(
      result.standardError.hasPrefix("new-project: error: "), "\(result.standardError)",
      sourceLocation: sourceLocation)
    #expect(
      result.standardError.contains(words), "\(result.standardError)",
      sourceLocation: sourceLocation)
    #expect(result.standardOutput.isEmpty, sourceLocation: sourceLocation)
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    #expect(left.isEmpty, "\(left)", sourceLocation: sourceLocation)
  }

  nonisolated static let unusableModels = [
    "Sendable", "Codable", "Identifiable", "Hashable", "Equatable", "Error", "Date", "UUID",
    "Task", "Result", "Character", "Double", "JSONEncoder", "LocalizedError", "MainActor",
  ]

  @Test(arguments: unusableModels)
  func aModelNamedLikeATypeTheCodeUsesIsRefused(model: String) async throws {
    try await expectRefused(
      ["Recipes", model, folder.appending("Recipes").path], saying: "the generated code")
  }

  /// Types the generated code never names but imports with its modules: a model of the same
  /// name would make every unqualified use ambiguous, in the tests (Swift Testing's `Tag`,
  /// `Comment`) or everywhere (Foundation's `Notification`, `Locale`, `Measurement`).
  @Test(arguments: ["Tag", "Comment", "Notification", "Locale", "Measurement", "Operation"])
  func aModelNamedLikeATypeOfAnImportedModuleIsRefused(model: String) async throws {
    try await expectRefused(
      ["Recipes", model, folder.appending("Recipes").path], saying: "a module the generated code")
  }

  @Test(arguments: [
    ["Recipes", "Decoding"], ["Recipes", "Localized"], ["Recipe", "RecipeModel"],
  ])
  func aNameThatWouldMakeATypeOfATakenNameIsRefused(names: [String]) async throws {
    // MODEL=Decoding makes DecodingError, Localized LocalizedError; NAME=Recipe makes
    // RecipeModel, the name of the model.
    try await expectRefused(names + [folder.appending(names[0]).path], saying: "would make")
  }

  /// Names only the SwiftUI views use: with `Models` declaring one, the app package, which
  /// imports both `Models` and SwiftUI, would not compile (and only the Linux parse ran).
  @Test(arguments: ["Text", "View", "Button", "List", "Form", "Section", "Label", "TabView"])
  func aModelNamedLikeATypeTheSwiftUIViewsUseIsRefused(model: String) async throws {
    try await expectRefused(
      ["ZzText", model, folder.appending("ZzText").path], saying: "the generated code")
  }

  /// A project name whose derived types (`ViewApp`, `ViewModel`, ...) or own name the views
  /// use is refused too.
  @Test(arguments: ["View", "Text"])
  func aProjectNamedLikeATypeTheSwiftUIViewsUseIsRefused(name: String) async throws {
    try await expectRefused(
      [name, "Recipe", folder.appending(name).path], saying: "the generated code")
  }

  /// A link at DIR whose target is gone: said before anything is written, not a raw `mv`
  /// error after the whole project was staged.
  @Test func aDanglingSymbolicLinkAtDirIsRefused() async throws {
    let link = folder.appending("Recipes")
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: folder.appending("gone").path)
    let result = try await generate(["Recipes", "Recipe", link.path])
    #expect(result.status == 1, "\(result.standardError)")
    #expect(result.standardError.hasPrefix("new-project: error: "), "\(result.standardError)")
    #expect(result.standardError.contains("symbolic link"), "\(result.standardError)")
    #expect(!result.standardError.contains("mv:"), "\(result.standardError)")
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    #expect(left == ["Recipes"], "\(left)")
    #expect(!FileManager.default.fileExists(atPath: folder.appending("gone").path))
  }

  /// A refusal that repeats what it was given never passes a control character on: a DIR
  /// holding an escape sequence (an OSC title) is shown spelled out.
  @Test func aRefusalShowsNoControlCharacter() async throws {
    let hostile = folder.appending("missing\u{1B}]0;PWNED\u{07}/x\u{9B}31m/Recipes").path
    let result = try await generate(["Recipes", "Recipe", hostile])
    #expect(result.status == 1, "\(result.standardError)")
    #expect(result.standardError.contains("does not exist"), "\(result.standardError)")
    #expect(Self.controlCharacters(in: result.standardError).isEmpty, "\(result.standardError)")
  }

  /// The control characters of `text` a terminal acts on: C0 but line feed, DEL and C1.
  static func controlCharacters(in text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { scalar in
      (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
    }
  }

  @Test(arguments: ["recipe", "rECIPE", "_Recipe"])
  func aNameMustStartWithAnUpperCaseLetter(model: String) async throws {
    try await expectRefused(
      ["Recipes", model, folder.appending("Recipes").path], saying: "upper-case")
  }

  @Test func aLowerCaseProjectNameIsRefusedToo() async throws {
    try await expectRefused(
      ["recipes", "Recipe", folder.appending("recipes").path], saying: "upper-case")
  }

  @Test(arguments: ["Templates/Oops", "Oops", "Sources/Deep/Oops"])
  func aFolderInsideThisRepositoryIsRefused(inside: String) async throws {
    let target = Self.root.appendingPathComponent(inside)
    let result = try await generate(["Recipes", "Recipe", target.path])
    #expect(result.status == 1, "\(result.standardError)")
    #expect(result.standardError.contains("inside this repository"), "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: target.path))
  }

  @Test func aFolderLeftByAKilledRunIsRemovedByTheNext() async throws {
    // The process id of a child that has ended: no process has it now.
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/true")
    try ended.run()
    ended.waitUntilExit()
    let leftover = folder.appending(".new-project.\(ended.processIdentifier).AbCdEf")
    try FileManager.default.createDirectory(at: leftover, withIntermediateDirectories: true)
    let result = try await generate(["Recipes", "Recipe", folder.appending("Recipes").path])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: leftover.path))
    #expect(result.standardError.contains(leftover.lastPathComponent), "\(result.standardError)")
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    #expect(left == ["Recipes"])
  }
}
