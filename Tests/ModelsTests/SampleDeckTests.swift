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
    #expect(ids.first?.uuidString == "5A3F0000-0000-4000-8000-000000000000")
    // The eight-digit short form that `questions list` shows identifies each one.
    #expect(Set(ids.map { $0.uuidString.prefix(8) }).count == ids.count)
  }

  @Test func coversTheSubjectsThePackageTeaches() {
    let tags = Set(Question.sampleDeck.flatMap(\.tags))
    #expect(tags.isSuperset(of: ["actors", "sendable", "durability", "fsync", "journal"]))
  }
}
