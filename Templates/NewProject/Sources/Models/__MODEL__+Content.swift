// The content rules every front end applies before a __model__ is stored.

import Foundation

extension __MODEL__ {
  // fields: content-validated
  /// A new value whose text follows the rules: the title trimmed and not empty, the notes
  /// trimmed, the tags trimmed, without empty or repeated ones.
  ///
  /// The command line and the full-screen form both create values through this, so the
  /// rules live in one place.
  ///
  /// - Throws: ``__MODEL__Error/blankTitle`` when the title is empty or only white space.
  public static func validated(
    title: String, notes: String = "", tags: [String] = [], id: UUID = UUID(),
    createdAt: Date = .now
  ) throws(__MODEL__Error) -> __MODEL__ {
    let trimmedTitle = title.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmedTitle.isEmpty else { throw .blankTitle }
    return __MODEL__(
      id: id, title: trimmedTitle, notes: notes.trimmingCharacters(in: .whitespacesAndNewlines),
      tags: cleanedTags(tags), createdAt: createdAt)
  }

  /// `tags` trimmed, in their order, without empty ones or repeats.
  public static func cleanedTags(_ tags: [String]) -> [String] {
    var seen = Set<String>()
    return tags.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
      .filter { !$0.isEmpty && seen.insert($0).inserted }
  }

  /// The tags of a comma-separated list such as `"quick, vegetarian"`.
  public static func tags(fromList text: String) -> [String] {
    cleanedTags(text.split(separator: ",").map(String.init))
  }
  // fields: end

  /// The fields a person edits, as the form labels them and shows them, in the form's order.
  ///
  /// A conflict prompt and the detail view read this, so a new field added here shows up in
  /// both.
  public var editableFields: [(label: String, text: String)] {
    // fields: content-editable-fields
    [("Title", title), ("Notes", notes), ("Tags", tags.joined(separator: ", "))]
    // fields: end
    // add-relation: editable fields
  }

  /// The editable fields whose text differs between this version (yours) and `other`
  /// (theirs), in the form's order.
  public func differences(from other: __MODEL__) -> [FieldDifference] {
    zip(editableFields, other.editableFields).compactMap { mine, theirs in
      mine.text == theirs.text
        ? nil : FieldDifference(field: mine.label, yours: mine.text, theirs: theirs.text)
    }
  }

  /// Whether every word of `searchText` appears, ignoring case, in the title, the notes or a
  /// tag; an empty search matches everything.
  public func matches(_ searchText: String) -> Bool {
    // fields: content-matches
    let haystack = ([title, notes] + tags).joined(separator: "\n")
    // fields: end
    return searchText.split(whereSeparator: \.isWhitespace).allSatisfy {
      haystack.range(of: $0, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
  }
  // fields: content-summary
  // fields: end
  // fields: content-labels
  // fields: end
}
