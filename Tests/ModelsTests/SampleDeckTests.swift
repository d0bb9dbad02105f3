// The built-in deck: enough questions, each complete, with stable identities.

import Foundation
import Models
import Testing

@Suite struct SampleDeckTests {
  @Test func hasAtLeastThirtyCompleteQuestions() {
    #expect(Question.sampleDeck.count >= 30)
    for question in Question.sampleDeck {
      #expect(!question.prompt.isEmpty && question.prompt.hasSuffix("?"), "\(question.prompt)")
      #expect(!question.answer.isEmpty)
      #expect(!question.tags.isEmpty)
    }
  }

  @Test func identitiesAreUniqueAndStable() {
    let ids = Question.sampleDeck.map(\.id)
    #expect(Set(ids).count == ids.count)
    #expect(Question.sampleDeck.map(\.id) == ids)  // A second read gives the same IDs.
    #expect(ids.first?.uuidString == "9E3779B1-5A3F-4000-8000-000000000000")
    // The eight-digit short form that `questions list` shows identifies each one.
    #expect(Set(ids.map { $0.uuidString.prefix(8) }).count == ids.count)
  }

  /// A prefix of four digits, the shortest `show` and `delete` take, picks almost every entry:
  /// the IDs do not share a long prefix, as the deck's first IDs did (`5A3F00`).
  @Test func shortPrefixesTellTheEntriesApart() {
    let ids = Question.sampleDeck.map(\.id.uuidString)
    #expect(Set(ids.map { $0.prefix(6) }).count == ids.count)
    #expect(Set(ids.map { $0.prefix(4) }).count >= ids.count - 2)
  }

  @Test func anEarlierDecksQuestionIsRecognisedByItsPrompt() throws {
    let first = try #require(Question.sampleDeck.first)
    let earlier = Question(
      id: try #require(UUID(uuidString: "5A3F0000-0000-4000-8000-000000000000")),
      prompt: first.prompt, answer: first.answer, tags: first.tags)
    #expect(Question.isSampleQuestion(earlier))
    #expect(!Question.isSampleQuestion(Question(prompt: "Mine?", answer: "yes")))
  }

  @Test func coversTheSubjectsThePackageTeaches() {
    let tags = Set(Question.sampleDeck.flatMap(\.tags))
    #expect(tags.isSuperset(of: ["actors", "sendable", "durability", "fsync", "journal"]))
  }
}
