// The on-disk shape of a __model__ and the content rules every front end applies.

import Foundation
import Models
import Testing

@Suite struct __MODEL__CodingTests {
  // fields: tests-coding
  private let fixed: __MODEL__

  init() throws {
    fixed = __MODEL__(
      id: try #require(UUID(uuidString: "3F2A1B4C-0000-4000-8000-000000000001")), __title__: "First",
      notes: "n", tags: ["a", "b"], createdAt: Date(timeIntervalSince1970: 1_795_000_000.25))
  }

  @Test func encodesExactlyTheDocumentedKeys() throws {
    let data = try JSONEncoder().encode(fixed)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(Set(object.keys) == ["id", "title", "notes", "tags", "createdAt"])
    #expect(object["createdAt"] as? String == "2026-11-18T11:06:40.250Z")
  }

  // fields: end
  @Test func survivesARoundTripToTheMillisecond() throws {
    let item = __MODEL__(__title__: "Now", createdAt: .now)
    let decoded = try JSONDecoder().decode(__MODEL__.self, from: JSONEncoder().encode(item))
    #expect(decoded == item)
  }

  // fields: default-only
  @Test func decodesDatesWithOrWithoutFractions() throws {
    let json = """
      {"id":"3F2A1B4C-0000-4000-8000-000000000001","title":"t","notes":"","tags":[],
       "createdAt":"2026-11-22T07:54:15Z"}
      """
    let item = try JSONDecoder().decode(__MODEL__.self, from: Data(json.utf8))
    #expect(item.createdAt == Date(timeIntervalSince1970: 1_795_334_055))
  }

  @Test func rejectsADateThatIsNotISO8601() {
    let json = """
      {"id":"3F2A1B4C-0000-4000-8000-000000000001","title":"t","notes":"","tags":[],
       "createdAt":"yesterday"}
      """
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(__MODEL__.self, from: Data(json.utf8))
    }
  }

  // fields: end
  @Test(arguments: ["", "   ", "\n\t"])
  func aBlankTitleIsRefused(title: String) {
    #expect(throws: __MODEL__Error.blankTitle) { try __MODEL__.validated(__title__: title) }
  }

  // fields: default-only
  @Test func validationTrimsAndCleansTags() throws {
    let item = try __MODEL__.validated(
      title: "  Soup ", notes: " hot ", tags: ["x", " ", "y", "x", " z "])
    #expect(item.__title__ == "Soup")
    #expect(item.notes == "hot")
    #expect(item.tags == ["x", "y", "z"])
    #expect(__MODEL__.tags(fromList: "a, b,, a") == ["a", "b"])
  }

  @Test func searchMatchesEveryWordInAnyField() {
    #expect(fixed.matches(""))
    #expect(fixed.matches("fir"))
    #expect(fixed.matches("FIRST b"))
    #expect(!fixed.matches("first missing"))
  }
  // fields: end
}
