// The exact text and JSON forms of questions, and when colour is used.

import Foundation
import Models
import Testing

@testable import App

@Suite struct OutputFormatTests {
  @Test func jsonObjectHasExactlyTheOnDiskKeys() throws {
    let json = try JSONFormatter().object(Fixtures.actor)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(Set(object.keys) == ["id", "prompt", "answer", "tags", "createdAt"])
    #expect(object["id"] as? String == "3F2A1B4C-0000-4000-8000-000000000001")
    #expect(object["createdAt"] as? String == "2026-11-22T07:54:15Z")
    #expect(object["tags"] as? [String] == ["concurrency", "actors"])
  }

  @Test func jsonIsStableSortedAndPretty() throws {
    let expected = """
      {
        "answer" : "A value or nothing",
        "createdAt" : "2026-11-22T07:54:15Z",
        "id" : "ABCDEF01-0000-4000-8000-000000000003",
        "prompt" : "What is an Optional?",
        "tags" : [

        ]
      }

      """
    #expect(try JSONFormatter().object(Fixtures.optional) == expected)
  }

  @Test func jsonArrayDecodesBackToQuestions() throws {
    let questions = [Fixtures.actor, Fixtures.optional]
    let json = try JSONFormatter().array(questions)
    #expect(try JSONDecoder().decode([Question].self, from: Data(json.utf8)) == questions)
    #expect(json.hasPrefix("[\n"))
  }

  @Test func emptyJSONArrayIsBrackets() throws {
    #expect(try JSONFormatter().array([]) == "[]\n")
  }

  @Test func emptyStoreHintGivesTheSizeOfTheDeck() {
    let expected = """
      No questions yet. Add one with:
        questions add "What does an actor guarantee?" --answer "Serial access to its state"
      or load the built-in deck of \(Question.sampleDeck.count) questions about actors and \
      persistence:
        questions sample

      """
    #expect(TextFormatter.emptyStoreHint == expected)
    #expect(TextFormatter.emptyStoreHint.split(separator: "\n").count == 4)
  }

  @Test func slashesAreNotEscaped() throws {
    let question = Question(prompt: "a/b", answer: "c", createdAt: Fixtures.date)
    #expect(try JSONFormatter().object(question).contains("\"a/b\""))
  }

  @Test func rowShowsShortIDPromptAndTags() {
    let text = TextFormatter()
    #expect(
      text.row(Fixtures.actor) == "3F2A1B4C  What does an actor guarantee?  [concurrency, actors]\n"
    )
    #expect(text.row(Fixtures.optional) == "ABCDEF01  What is an Optional?\n")
    let multiline = Question(prompt: "One\ntwo", answer: "x", createdAt: Fixtures.date)
    #expect(text.row(multiline).hasSuffix("  One two\n"))
  }

  @Test func detailShowsEveryField() {
    let expected = """
      ID:       3F2A1B4C-0000-4000-8000-000000000001
      Prompt:   What does an actor guarantee?
      Answer:   Serial access to its state
      Tags:     concurrency, actors
      Created:  2026-11-22T07:54:15Z

      """
    #expect(TextFormatter().detail(Fixtures.actor) == expected)
  }

  @Test func colourWrapsIDsAndPrompts() {
    let text = TextFormatter(style: TextStyle(isEnabled: true))
    #expect(
      text.row(Fixtures.optional)
        == "\u{1B}[2mABCDEF01\u{1B}[0m  \u{1B}[1mWhat is an Optional?\u{1B}[0m\n")
  }

  @Test(arguments: [
    (GlobalOptions(), true, [String: String](), true),
    (GlobalOptions(), false, [:], false),
    (GlobalOptions(json: true), true, [:], false),
    (GlobalOptions(noColor: true), true, [:], false),
    (GlobalOptions(), true, ["NO_COLOR": "1"], false),
    (GlobalOptions(), true, ["NO_COLOR": ""], true),
    (GlobalOptions(), true, ["TERM": "dumb"], false),
    (GlobalOptions(), true, ["TERM": "xterm-256color"], true),
  ])
  func colourOnlyOnATerminalInTextModeUnlessRefused(
    options: GlobalOptions, terminal: Bool, environment: [String: String], expected: Bool
  ) {
    let style = TextStyle.forOutput(
      options: options, standardOutputIsTerminal: terminal, environment: environment)
    #expect(style.isEnabled == expected)
  }
}
