// scripts/new-project refuses every FIELDS and PLURAL the generated project could not use.

import Foundation
import LocalStoreTestSupport
import Testing

extension NewProjectRefusalTests {
  /// A FIELDS the generator cannot turn into a model, and words of the sentence that says why.
  nonisolated static let unusableFields: [(fields: String, words: String)] = [
    ("", "FIELDS is empty"),
    ("   ", "FIELDS is empty"),
    ("title:String pages:Integer", "the type “Integer”, which FIELDS does not know"),
    ("title:String tags:[Int]", "the type “[Int]”"),
    ("title:String pages", "has no type"),
    ("title:String title:Int", "is given twice"),
    ("title:String class:String", "a Swift keyword or a member"),
    ("title:String id:String", "a Swift keyword or a member"),
    ("title:String createdAt:Date", "a Swift keyword or a member"),
    ("title:String editableFields:String", "a Swift keyword or a member"),
    ("title:String Pages:Int", "lower camel case"),
    ("title:String page_count:Int", "lower camel case"),
    ("pages:Int title:String", "the first field, “pages”"),
    ("title:String? pages:Int", "the first field, “title”"),
    ("title:String $(touch${IFS}pwned):String", "may hold only names"),
    ("title:String a;b:Int", "may hold only names"),
    ("title:String \u{1B}]0;PWNED\u{07}:Int", "may hold only names"),
  ]

  /// Each bad FIELDS is refused in one sentence, before anything is written, without echoing
  /// a control character.
  @Test(arguments: unusableFields)
  func unusableFieldsAreRefused(fields: String, words: String) async throws {
    try await expectRefused(
      ["Shelf", "Book", folder.appending("Shelf").path], environment: ["FIELDS": fields],
      saying: words)
    let result = try await generate(
      ["Shelf", "Book", folder.appending("Shelf").path], environment: ["FIELDS": fields])
    #expect(Self.controlCharacters(in: result.standardError).isEmpty, "\(result.standardError)")
    #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
  }

  @Test(arguments: ["Books", "my-books", "books!"])
  func anUnusablePluralIsRefused(plural: String) async throws {
    try await expectRefused(
      ["Shelf", "Book", folder.appending("Shelf").path], environment: ["PLURAL": plural],
      saying: "PLURAL")
  }
}
