// Checks how search text and tag filters match questions.

import Models
import Testing

@Suite struct QuestionSearchTests {
  private let question = Question(
    prompt: "What does an actor guarantee?", answer: "Serialized access to its state",
    tags: ["Concurrency", "actors"])

  @Test(arguments: [
    "", "   ", "actor", "ACTOR", "serialized state", "concurrency", "guarantee actors",
  ])
  func matches(text: String) {
    #expect(question.matches(searchText: text))
  }

  @Test(arguments: ["fsync", "actor fsync", "sendable"])
  func doesNotMatch(text: String) {
    #expect(!question.matches(searchText: text))
  }

  @Test func ignoresDiacritics() {
    let cafe = Question(prompt: "Café", answer: "a")
    #expect(cafe.matches(searchText: "cafe"))
  }

  @Test func tagsMatchIgnoringCase() {
    #expect(question.hasTag("concurrency"))
    #expect(question.hasTag("ACTORS"))
    #expect(!question.hasTag("actor"))
  }

  @Test func taggedKeepsTheQuestionsWithTheTagInOrder() {
    let untagged = Question(prompt: "p", answer: "a")
    let other = Question(prompt: "q", answer: "b", tags: ["Actors"])
    let all = [question, untagged, other]
    #expect(all.tagged("actors") == [question, other])
    #expect(all.tagged("io").isEmpty)
    #expect(all.tagged(nil) == all)
  }
}
