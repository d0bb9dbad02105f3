// Matching prepared search text against prepared questions, as the search box does.

import Models
import Testing

@Suite struct SearchQueryTests {
  private let question = Question(
    prompt: "Why does a durable Save fsync the folder?", answer: "So the rename survives a crash",
    tags: ["Durability", "café"])

  @Test(arguments: [
    ("fsync", true), ("FSYNC folder", true), ("rename crash", true), ("durability", true),
    ("cafe", true), ("CAFÉ", true), ("save", true), ("journal", false), ("fsync journal", false),
    ("", true), ("   ", true),
  ])
  func matchesEveryWordIgnoringCaseAndDiacritics(text: String, expected: Bool) {
    #expect(SearchQuery(text).matches(SearchKey(question)) == expected)
    #expect(question.matches(searchText: text) == expected)
  }

  @Test func aWordNeverSpansTwoFields() {
    // The prompt ends with "folder?" and the answer starts with "So".
    #expect(!SearchQuery("folder?so").matches(SearchKey(question)))
    #expect(!SearchQuery("crashdurability").matches(SearchKey(question)))
  }

  @Test func nonASCIIWordsMatchInsideLongerText() {
    let japanese = Question(prompt: "アクターとは何ですか", answer: "状態を守る参照型")
    #expect(SearchQuery("アクター").matches(SearchKey(japanese)))
    #expect(SearchQuery("参照").matches(SearchKey(japanese)))
    #expect(!SearchQuery("タスク").matches(SearchKey(japanese)))
  }

  @Test func aWordLongerThanTheTextDoesNotMatch() {
    let short = Question(prompt: "a", answer: "b")
    #expect(!SearchQuery("abcdefghijklmnop").matches(SearchKey(short)))
  }
}
