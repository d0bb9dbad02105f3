// Parsing an id as typed and finding the one value it designates.

import CommandLineKit
import Foundation
import Testing

@Suite struct IDReferenceTests {
  struct Item: Identifiable, Equatable {
    var id: UUID
  }

  static func uuid(_ text: String) -> UUID { UUID(uuidString: text) ?? UUID() }
  static let first = Item(id: uuid("3F2A1B4C-0000-4000-8000-000000000001"))
  static let second = Item(id: uuid("3F2A9000-0000-4000-8000-000000000002"))
  static let third = Item(id: uuid("ABCDEF01-0000-4000-8000-000000000003"))
  static let items = [first, second, third]

  static let wellFormed: [(String, IDReference)] = [
    ("3f2a1b4c-0000-4000-8000-000000000001", .id(first.id)),
    ("3F2A1B4C-0000-4000-8000-000000000001", .id(first.id)),
    (" 3f2a1b4c-0000-4000-8000-000000000001 ", .id(first.id)),
    ("3f2a", .prefix("3F2A", typed: "3f2a")),
    ("3F2A1B4C", .prefix("3F2A1B4C", typed: "3F2A1B4C")),
    ("3f2a1b4c-00", .prefix("3F2A1B4C00", typed: "3f2a1b4c-00")),
    (
      "3f2a1b4c00004000800000000000000",
      .prefix("3F2A1B4C00004000800000000000000", typed: "3f2a1b4c00004000800000000000000")
    ),
  ]

  @Test(arguments: wellFormed)
  func parsesWellFormedID(text: String, expected: IDReference) {
    #expect(IDReference(text) == expected)
  }

  @Test(arguments: [
    "", "3f2", "---3f2", "xyz1", "3f2g", "３f2a", "3f2a1b4c-0000-4000-8000-0000000000011",
    "3f2a 1b4c",
  ])
  func rejectsMalformedID(text: String) {
    #expect(IDReference(text) == nil)
  }

  @Test(arguments: [
    ("3F2A1B4C-0000-4000-8000-000000000001", first),
    ("3f2a1", first),
    ("3F2A9", second),
    ("abcd", third),
    ("ABCDEF01-00", third),
  ])
  func findsTheOneItDesignates(text: String, expected: Item) throws {
    let reference = try #require(IDReference(text))
    #expect(try reference.find(in: Self.items) == expected)
  }

  @Test func anAmbiguousPrefixListsEveryMatch() throws {
    let reference = try #require(IDReference("3f2a"))
    let error = #expect(throws: IDLookupError.self) { try reference.find(in: Self.items) }
    #expect(error == .ambiguous("3f2a", matches: [Self.first.id, Self.second.id]))
    let sentence = try #require(error).sentence(
      noun: "ingredient", plural: "ingredients",
      listCommand: "recipes ingredients list")
    #expect(sentence.contains("matches 2 ingredients"))
    #expect(sentence.contains(Self.first.id.uuidString))
  }

  @Test func anUnknownIDNamesTheNounAndTheListCommand() throws {
    let reference = try #require(IDReference("0000"))
    let error = #expect(throws: IDLookupError.self) { try reference.find(in: Self.items) }
    #expect(
      error?.sentence(noun: "recipe", plural: "recipes", listCommand: "recipes list")
        == "No recipe has an id starting with '0000'. Run 'recipes list' to see the ids.")
  }
}
