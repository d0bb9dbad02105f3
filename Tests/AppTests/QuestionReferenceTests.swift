// Parsing an id as typed and finding the one question it designates.

import Foundation
import Models
import Testing

@testable import App

@Suite struct QuestionReferenceTests {
  static let questions = [Fixtures.actor, Fixtures.sendable, Fixtures.optional]

  static let wellFormed: [(String, QuestionReference)] = [
    ("3f2a1b4c-0000-4000-8000-000000000001", .id(Fixtures.actor.id)),
    ("3F2A1B4C-0000-4000-8000-000000000001", .id(Fixtures.actor.id)),
    (" 3f2a1b4c-0000-4000-8000-000000000001 ", .id(Fixtures.actor.id)),
    ("3f2a", .prefix("3F2A", typed: "3f2a")),
    ("3F2A1B4C", .prefix("3F2A1B4C", typed: "3F2A1B4C")),
    ("3f2a1b4c-00", .prefix("3F2A1B4C00", typed: "3f2a1b4c-00")),
    (
      "3f2a1b4c00004000800000000000000",
      .prefix("3F2A1B4C00004000800000000000000", typed: "3f2a1b4c00004000800000000000000")
    ),
  ]

  @Test(arguments: wellFormed)
  func parsesWellFormedID(text: String, expected: QuestionReference) {
    #expect(QuestionReference(text) == expected)
  }

  @Test(arguments: [
    "", "3f2", "---3f2", "xyz1", "3f2g", "３f2a", "3f2a1b4c-0000-4000-8000-0000000000011",
    "3f2a 1b4c",
  ])
  func rejectsMalformedID(text: String) {
    #expect(QuestionReference(text) == nil)
  }

  @Test(arguments: [
    ("3F2A1B4C-0000-4000-8000-000000000001", Fixtures.actor),
    ("3f2a1b4c-0000-4000-8000-000000000001", Fixtures.actor),
    ("3f2a1", Fixtures.actor),
    ("3F2A9", Fixtures.sendable),
    ("abcd", Fixtures.optional),
    ("ABCDEF01-00", Fixtures.optional),
  ])
  func resolvesUniqueReference(text: String, expected: Question) throws {
    let reference = try #require(QuestionReference(text))
    #expect(try reference.resolve(in: Self.questions) == expected)
  }

  @Test func ambiguousPrefixListsEveryMatch() throws {
    let reference = try #require(QuestionReference("3f2a"))
    let error = #expect(throws: AppError.self) { try reference.resolve(in: Self.questions) }
    #expect(error == .ambiguousID("3f2a", matches: [Fixtures.actor.id, Fixtures.sendable.id]))
    #expect(error?.exitCode == 1)
    let message = try #require(error?.errorDescription)
    #expect(message.contains("ambiguous"))
    #expect(message.contains(Fixtures.actor.id.uuidString))
    #expect(message.contains(Fixtures.sendable.id.uuidString))
  }

  @Test(arguments: ["0000", "3f2a1b4c-0000-4000-8000-000000000099"])
  func unknownIDIsRuntimeError(text: String) throws {
    let reference = try #require(QuestionReference(text))
    let error = #expect(throws: AppError.self) { try reference.resolve(in: Self.questions) }
    #expect(error?.isUsageError == false)
    #expect(error?.errorDescription?.contains("No question") == true)
  }
}
