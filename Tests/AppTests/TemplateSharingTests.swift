// The generated project shares CommandLineKit instead of copying it, and its generator speaks the kit's grammar.

import CommandLineKit
import Foundation
import LocalStoreTestSupport
import Testing

/// What keeps the question bank and a generated project from drifting apart: the template
/// declares none of CommandLineKit's types (the generator carries the store's package, the
/// kit with it), and the
/// generator's rule for "a" or "an" is the kit's.
@Suite struct TemplateSharingTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The Swift files under `folder`, relative to the repository.
  static func swiftFiles(under folder: String) -> [URL] {
    let base = root.appendingPathComponent(folder)
    let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
    return (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
  }

  /// The names of the types `text` declares at the start of a line.
  static func declaredTypes(in text: String) -> Set<String> {
    let pattern =
      #/(?m)^(?:public |nonisolated |final )*(?:struct|enum|class|protocol|actor|typealias) ([A-Za-z_][A-Za-z0-9_]*)/#
    return Set(text.matches(of: pattern).map { String($0.output.1) })
  }

  @Test func theTemplateDeclaresNoneOfTheKitsTypes() throws {
    var kit: Set<String> = []
    for file in Self.swiftFiles(under: "Packages/LocalStore/Sources/CommandLineKit") {
      kit.formUnion(Self.declaredTypes(in: try String(contentsOf: file, encoding: .utf8)))
    }
    #expect(kit.isSuperset(of: ["SafeConsole", "ArgumentScanner", "DataFolder", "ExitCode"]))
    for file in Self.swiftFiles(under: "Templates/NewProject") {
      let copied = Self.declaredTypes(in: try String(contentsOf: file, encoding: .utf8))
        .intersection(kit)
      #expect(copied.isEmpty, "\(file.lastPathComponent) declares \(copied.sorted()) again")
    }
  }

  @Test func theGeneratorCarriesTheStoresPackageAndRecordsIt() throws {
    let generator = try String(
      contentsOf: Self.root.appendingPathComponent("scripts/new-project"), encoding: .utf8)
    for path in ["Packages/LocalStore", "scripts/check-run-output", "scripts/test"] {
      #expect(generator.contains("\n  \(path)\n"), "\(path) is not in LIVE_FILES")
    }
  }

  /// Every generated project carries the store's package unchanged and is written from the
  /// templates, so a word of the question bank anywhere in them (a comment's example, a test's
  /// argument) reaches every new app: scripts/test-templates finds it only in `make check`;
  /// this finds it in `make test`.
  @Test(arguments: [
    ("Packages/LocalStore", 100), ("Templates/NewProject", 40), ("Templates/SwiftUI", 3),
    ("Templates/AppPackage", 2),
  ])
  func carriedFilesSayNothingOfTheQuestionBank(folder: String, atLeast: Int) throws {
    let package = Self.root.appendingPathComponent(folder)
    let walker = FileManager.default.enumerator(
      at: package, includingPropertiesForKeys: [.isRegularFileKey])
    let words = #/(?i)question|quiz|sample ?deck|flashcard/#
    var scanned = 0
    while let file = walker?.nextObject() as? URL {
      if file.lastPathComponent.hasPrefix(".build") || file.lastPathComponent == ".git" {
        walker?.skipDescendants()
        continue
      }
      guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
      scanned += 1
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated() where line.contains(words)
      {
        Issue.record("\(file.path):\(number + 1) uses a word of the question bank: \(line)")
      }
    }
    #expect(scanned >= atLeast, "only \(scanned) text files were found under \(package.path)")
  }

  /// One CLI voice: `questions` and the template read their command lines with the kit's
  /// parser and print each command's help with the kit's layout; neither keeps a parser or a
  /// page layout of its own, and the template has no test driver of its own either.
  @Test(arguments: ["Sources/App", "Templates/NewProject/Sources/App"])
  func bothToolsUseTheKitsParserAndHelpLayout(folder: String) throws {
    let text = try Self.swiftFiles(under: folder).map {
      try String(contentsOf: $0, encoding: .utf8)
    }
    .joined(separator: "\n")
    #expect(text.contains("CommandLineParser("), "\(folder) does not use the kit's parser")
    #expect(text.contains("HelpLayout.commandPage("), "\(folder) lays out its own command pages")
    #expect(!text.contains("ArgumentScanner.scan("), "\(folder) scans the command line itself")
    #expect(
      !FileManager.default.fileExists(
        atPath: Self.root.appendingPathComponent("Templates/NewProject/scripts/test").path))
  }

  static let nouns = [
    "Ingredient", "Recipe", "Item", "Id", "Unicorn", "Umbrella", "Hour", "House", "X", "N2", "Y",
    "Euro", "Onion", "OneOff", "Unit", "Apple", "MP3", "Egg",
  ]

  /// scripts/article (sourced by new-project and add-model) and ``Article`` agree.
  @Test(arguments: nouns)
  func theGeneratorsArticleIsTheKits(noun: String) async throws {
    let script = Self.root.appendingPathComponent("Templates/NewProject/scripts/article").path
    let result = try await ChildProcess.run(
      URL(fileURLWithPath: "/bin/bash"),
      ["-c", "source \"$0\" && indefinite_article \"$1\"", script, noun])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput == Article.indefinite(for: noun), "\(noun)")
  }
}
