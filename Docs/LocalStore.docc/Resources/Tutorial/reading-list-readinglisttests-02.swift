// A book survives the trip to JSON and back, under the names the file uses.

import Foundation
import ReadingList
import Testing

@Test func aBookRoundTripsThroughJSON() throws {
  let book = Book(title: "Dune", author: "Frank Herbert").finished()
  let data = try JSONEncoder().encode(book)
  #expect(try JSONDecoder().decode(Book.self, from: data) == book)

  let json = try #require(String(data: data, encoding: .utf8))
  #expect(json.contains("\"finished_at\""))
}
