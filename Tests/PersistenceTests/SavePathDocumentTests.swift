// The save path the architecture article draws names types that exist, no more than five, in small files.

import Foundation
import Testing

@Suite struct SavePathDocumentTests {
  /// The repository's root, from this file's path.
  private static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The types in the first column of the table between `<!-- save-path -->` and
  /// `<!-- /save-path -->` in the architecture article.
  private static func typesNamed() throws -> [String] {
    let article = root.appendingPathComponent("Docs/ViewModels.docc/Architecture.md")
    let text = try String(contentsOf: article, encoding: .utf8)
    let start = try #require(text.range(of: "<!-- save-path -->"))
    let end = try #require(text.range(of: "<!-- /save-path -->"))
    return text[start.upperBound..<end.lowerBound].split(separator: "\n").compactMap { row in
      let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard let first = cells.first, first.hasPrefix("`"), first.hasSuffix("`") else {
        return nil
      }
      return String(first.dropFirst().dropLast())
    }
  }

  /// Every Swift file of `Sources/Persistence`, with its text.
  private static func persistenceSources() throws -> [(path: String, text: String)] {
    let folder = root.appendingPathComponent("Sources/Persistence")
    let files = try #require(FileManager.default.enumerator(atPath: folder.path))
    return try files.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map {
      ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
    }
  }

  @Test func theTypesOfTheSavePathExistAndAreAtMostFive() throws {
    let types = try Self.typesNamed()
    #expect(!types.isEmpty && types.count <= 5, "\(types)")
    let sources = try Self.persistenceSources()
    for type in types {
      let declaration = try Regex(
        "(class|struct|enum|actor|protocol)\\s+\(type)\\b")
      let declaring = sources.filter { $0.text.contains(declaration) }
      #expect(declaring.count == 1, "\(type) is declared in \(declaring.map(\.path))")
    }
  }

  /// The files of those types, the type's own and its `Type+Concern.swift` extensions, stay
  /// small enough to read: at most 300 lines each.
  @Test func theFilesOfTheSavePathAreShort() throws {
    let types = try Self.typesNamed()
    for (path, text) in try Self.persistenceSources() {
      let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
      guard types.contains(where: { name == $0 || name.hasPrefix($0 + "+") }) else { continue }
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
      #expect(lines <= 300, "\(path) has \(lines) lines")
    }
  }
}
