// Keeps every list of the __model__'s fields in step with the model: the docs, the help, the form.

import CommandLineKit
import Foundation
import Models
import Testing
import ViewModels

@testable import App

/// Fails when a field was added to (or removed from) ``__MODEL__`` and one of the places that
/// list the fields was not updated: the model's doc comment, the README's key list, the
/// command options and the help page, the form.
@MainActor @Suite struct __MODEL__FieldListTests {
  /// The keys a stored value has on disk.
  private func encodedKeys() throws -> Set<String> {
    let data = try JSONEncoder().encode(__MODEL__(__title__: "Any"))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    return Set(object.keys)
  }

  /// The package's file at `path`, read from the source tree.
  private func packageFile(_ path: String) throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    return try String(contentsOf: root.appending(path: path), encoding: .utf8)
  }

  /// The `backticked` words of the sentence that follows `marker` in `text`.
  private func keys(after marker: String, in text: String) throws -> Set<String> {
    let start = try #require(text.range(of: marker), "“\(marker)” is not in the text")
    let rest = text[start.upperBound...]
    let ends = [". ", ".\n"].compactMap { rest.range(of: $0)?.lowerBound }
    let sentence = rest[..<(ends.min() ?? rest.endIndex)]
    let words = sentence.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }
    return Set(words.map { String($0.element) })
  }

  @Test func theModelsDocCommentListsItsKeys() throws {
    let source = try packageFile("Sources/Models/__MODEL__.swift")
      .replacingOccurrences(of: "\n///", with: "")
    #expect(try keys(after: "exactly the keys", in: source) == encodedKeys())
  }

  @Test func theReadmeListsItsKeys() throws {
    let readme = try packageFile("README.md")
    #expect(
      try keys(after: "`__model__` values, with the keys", in: readme) == encodedKeys())
  }

  @Test func everyEditableKeyHasAnOptionInTheHelp() throws {
    let editable = try encodedKeys().subtracting(["id", "createdAt"])
    #expect(Set(__MODEL__Commands.fieldOptions.keys) == editable)
    let edit = try #require(__MODEL__Commands.specs.first { $0.path.last == "edit" })
    for option in __MODEL__Commands.fieldOptions.values {
      #expect(edit.usage.contains(option + " "), "`edit` in the help does not show \(option)")
      #expect(edit.options.contains { $0.name == option }, "`edit` does not take \(option)")
      #expect(
        edit.optionHelp.contains { $0.label.hasPrefix(option + " ") },
        "`edit --help` does not describe \(option)")
    }
    #expect(HelpText.page.contains("  " + edit.usage + "\n"))
  }

  @Test func theFormAndTheConflictPromptShowEveryEditableField() throws {
    let editable = try encodedKeys().subtracting(["id", "createdAt"])
    let labels = __MODEL__EditorViewModel.Field.allCases.map(\.label)
    #expect(labels.count == editable.count)
    #expect(__MODEL__(__title__: "Any").editableFields.map(\.label) == labels)
  }
}
