// `list` and `search` print a store larger than a page a page at a time, in the same bytes.

import Foundation
import LocalStoreTestSupport
import Models
import Testing

/// A store of 25,000 questions, two and a half of the pages `list` and `search` read at a
/// time, in both stores: the JSON they print is byte for byte what `export` (which encodes
/// the whole array at once) writes, and the text has a row per question.
@Suite struct PagedListingTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "PagedListing")
  }

  func questions(_ arguments: [String]) async throws -> ChildProcessResult {
    try await ChildProcess.run(
      BuiltProducts.executable("questions"), ["--data-dir", folder.url.path] + arguments,
      environment: ["QUESTIONS_DATA_DIR": nil, "NO_COLOR": "1"])
  }

  @Test(arguments: ["journal", "sqlite"])
  func aStoreOfSeveralPagesListsAndSearchesAsOneArray(store: String) async throws {
    if store == "sqlite" {
      #expect(try await questions(["migrate", "--to", "sqlite"]).status == 0)
    }
    var csv = "prompt,answer,tags\n"
    for index in 0..<25_000 {
      csv += "Question \(index): what is \(index % 7)?,Answer \(index),tag\(index % 3)\n"
    }
    let source = folder.appending("many.csv")
    try Data(csv.utf8).write(to: source)
    let imported = try await questions(["import", source.path])
    try #require(imported.status == 0, "\(imported.standardError)")

    let exported = folder.appending("all.json")
    #expect(try await questions(["export", exported.path]).status == 0)
    let whole = try String(contentsOf: exported, encoding: .utf8)
    let listed = try await questions(["--json", "list"])
    #expect(listed.status == 0)
    #expect(listed.standardOutput == whole, "list --json differs from the whole array")

    let text = try await questions(["list"])
    #expect(text.standardOutput.split(separator: "\n").count == 25_000)

    let all = try JSONDecoder().decode([Question].self, from: Data(whole.utf8))
    let found = try await questions(["--json", "search", "what is 3"])
    let matches = try JSONDecoder().decode(
      [Question].self, from: Data(found.standardOutput.utf8))
    #expect(matches == all.filter { $0.matches(searchText: "what is 3") })
    #expect(matches.count > 3_000)
    let tagged = try await questions(["--json", "list", "--tag", "tag2"])
    let withTag = try JSONDecoder().decode(
      [Question].self, from: Data(tagged.standardOutput.utf8))
    #expect(withTag == all.filter { $0.hasTag("tag2") })

    let none = try await questions(["search", "nothing like this"])
    #expect(none.standardOutput.isEmpty)
    #expect(!none.standardError.isEmpty)
    let noneJSON = try await questions(["--json", "search", "nothing like this"])
    #expect(noneJSON.standardOutput == "[]\n")

    try await checkReferencesAcrossPages(in: all)
  }

  /// `show`, `edit` and `delete` find a question past the first page, by its whole ID or a
  /// prefix, and a prefix two questions on different pages share is ambiguous; `sample`
  /// finds a deck already there past the first page.
  func checkReferencesAcrossPages(in all: [Question]) async throws {
    let last = all[24_999]
    let prefix = String(last.id.uuidString.prefix(8))
    let shown = try await questions(["--json", "show", prefix])
    #expect(shown.status == 0, "\(shown.standardError)")
    #expect(try JSONDecoder().decode(Question.self, from: Data(shown.standardOutput.utf8)) == last)

    let firstPage = Dictionary(grouping: all[..<10_000]) { $0.id.uuidString.prefix(4) }
    let shared = try #require(
      all[10_000...].first { firstPage[$0.id.uuidString.prefix(4)] != nil })
    let ambiguous = try await questions(["show", String(shared.id.uuidString.prefix(4))])
    #expect(ambiguous.status != 0)
    #expect(ambiguous.standardError.contains("ambiguous"), "\(ambiguous.standardError)")

    let edited = try await questions(["edit", last.id.uuidString, "--answer", "Edited"])
    #expect(edited.status == 0, "\(edited.standardError)")
    let removed = try await questions(["delete", all[20_000].id.uuidString])
    #expect(removed.status == 0, "\(removed.standardError)")
    let after = try await questions(["--json", "list"])
    let kept = try JSONDecoder().decode([Question].self, from: Data(after.standardOutput.utf8))
    #expect(kept.count == 24_999)
    #expect(kept.last?.answer == "Edited")

    #expect(try await questions(["sample"]).status == 0)
    let again = try await questions(["--json", "sample"])
    #expect(again.standardOutput == "[]\n", "the deck, past the first page, was added twice")
  }
}
