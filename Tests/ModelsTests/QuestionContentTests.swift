// The content rules on their own: what they clean, what they refuse, and the sentences they give.

import Foundation
import Models
import Testing

@Suite struct QuestionContentTests {
  /// A row of the table: the text as given, and either the cleaned content or the problems.
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var prompt: String
    var answer: String
    var tags: [String] = []
    /// The cleaned prompt, answer and tags, when the text follows the rules.
    var cleaned: (prompt: String, answer: String, tags: [String])?
    /// The sentences, when it does not.
    var sentences: [String] = []

    var testDescription: String { name }
  }

  static let p = String(repeating: "p", count: QuestionContent.maximumPromptLength)
  static let a = String(repeating: "a", count: QuestionContent.maximumAnswerLength)
  static let t = String(repeating: "t", count: QuestionContent.maximumTagLength)

  static let cases: [Case] = [
    Case(name: "plain", prompt: "Q?", answer: "A", tags: ["x"], cleaned: ("Q?", "A", ["x"])),
    Case(
      name: "trimmed", prompt: "  padded \n", answer: "\t two\nlines ",
      cleaned: ("padded", "two\nlines", [])),
    Case(
      name: "tags cleaned", prompt: "Q", answer: "A", tags: [" swift ", "", "  ", "SWIFT", "io"],
      cleaned: ("Q", "A", ["swift", "io"])),
    Case(name: "empty prompt", prompt: "", answer: "A", sentences: ["Enter a prompt."]),
    Case(
      name: "blank prompt and answer", prompt: " \n ", answer: "\t",
      sentences: ["Enter a prompt.", "Enter an answer."]),
    Case(name: "limits exactly", prompt: p, answer: a, tags: [t], cleaned: (p, a, [t])),
    Case(
      name: "limits after trimming", prompt: "  " + p + "\n", answer: a + " ",
      tags: [" " + t + " "], cleaned: (p, a, [t])),
    Case(
      name: "prompt one over", prompt: p + "p", answer: "A",
      sentences: ["Shorten the prompt to 1000 characters or fewer; it has 1001."]),
    Case(
      name: "answer one over", prompt: "Q", answer: a + "a",
      sentences: ["Shorten the answer to 4000 characters or fewer; it has 4001."]),
    Case(
      name: "tag one over", prompt: "Q", answer: "A", tags: ["ok", t + "t", "x" + t],
      sentences: [
        "Shorten the tag “tttttttttttttttttttt…” to 50 characters or fewer; it has 51."
      ]),
    Case(
      name: "multi-byte characters count once", prompt: String(repeating: "é", count: 1_000),
      answer: String(repeating: "👩‍👩‍👧", count: 4_000), tags: [String(repeating: "ß", count: 50)],
      cleaned: (
        String(repeating: "é", count: 1_000), String(repeating: "👩‍👩‍👧", count: 4_000),
        [String(repeating: "ß", count: 50)]
      )),
    Case(
      name: "every field at once", prompt: "", answer: a + "aa", tags: [t + "tt"],
      sentences: [
        "Enter a prompt.", "Shorten the answer to 4000 characters or fewer; it has 4002.",
        "Shorten the tag “tttttttttttttttttttt…” to 50 characters or fewer; it has 52.",
      ]),
  ]

  @Test(arguments: cases)
  func theRulesCleanOrRefuse(_ row: Case) throws {
    let result = Result { () throws(QuestionContentError) in
      try QuestionContent(prompt: row.prompt, answer: row.answer, tags: row.tags)
    }
    switch result {
    case .success(let content):
      let cleaned = try #require(row.cleaned, "accepted, expected \(row.sentences)")
      #expect(content.prompt == cleaned.prompt)
      #expect(content.answer == cleaned.answer)
      #expect(content.tags == cleaned.tags)
    case .failure(let error):
      #expect(row.cleaned == nil, "refused: \(error)")
      #expect(error.problems.map(\.description) == row.sentences)
      #expect(error.description == row.sentences.joined(separator: " "))
      #expect(error.localizedDescription == error.description)
    }
  }

  @Test func eachProblemNamesItsField() {
    let fields = [
      QuestionContentProblem.emptyPrompt, .promptTooLong(length: 1_001), .emptyAnswer,
      .answerTooLong(length: 4_001), .tagTooLong("x", length: 51),
    ].map(\.field)
    #expect(fields == [.prompt, .prompt, .answer, .answer, .tags])
  }

  @Test func typedTagsSplitAtCommasAndAreCleanedByTheRules() throws {
    let typed = "actors, , Concurrency,ACTORS ,  io  ,"
    #expect(
      QuestionContent.splitTags(typed) == ["actors", " ", " Concurrency", "ACTORS ", "  io  "])
    let content = try QuestionContent(
      prompt: "Q", answer: "A", tags: QuestionContent.splitTags(typed))
    #expect(content.tags == ["actors", "Concurrency", "io"])
  }

  @Test func aQuestionMadeFromContentKeepsItsIDAndDate() throws {
    let content = try QuestionContent(prompt: " Q ", answer: "A", tags: ["x"])
    let id = UUID()
    let date = Date(timeIntervalSince1970: 1_795_334_055.25)
    let question = Question(id: id, content: content, createdAt: date)
    #expect(question == Question(id: id, prompt: "Q", answer: "A", tags: ["x"], createdAt: date))
  }
}
