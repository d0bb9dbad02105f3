// Where the original pattern stops being enough, one test per limit: each fails against the
// first BookStore, and passes once BookStore is fixed.

import Foundation
import ReadingList
import Testing

@Suite struct LimitsTests {
  @Test func aDamagedFileIsNeverReadAsEmpty() async throws {
    try await withTemporaryTestFolder { folder in
      let file = folder.appendingPathComponent("books.json")
      let damaged = Data("[{\"id\": \"not a book".utf8)
      try damaged.write(to: file)

      #expect(throws: (any Error).self, "BookStore opened a damaged file as an empty list") {
        try BookStore<Book>(fileURL: file)
      }
      // The app opens the store and saves a book, as it would on any launch.
      if let store = try? BookStore<Book>(fileURL: file) {
        try? await store.save(Book(title: "Dune"))
      }
      let onDisk = String(decoding: try Data(contentsOf: file), as: UTF8.self)
      #expect(onDisk == "[{\"id\": \"not a book", "The damaged file was replaced with: \(onDisk)")
    }
  }
}
