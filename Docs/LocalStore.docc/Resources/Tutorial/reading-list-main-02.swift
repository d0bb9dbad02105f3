// The reading list at the command line: `reading-list add TITLE`, and with no arguments the
// list itself.

import Foundation
import ReadingList

let store = try BookStore<Book>(fileURL: URL(fileURLWithPath: "books.json"))
let arguments = Array(CommandLine.arguments.dropFirst())

if arguments.first == "add" {
  try await store.save(Book(title: arguments.dropFirst().joined(separator: " ")))
}
for book in await store.loadAll().sorted(by: { $0.addedAt < $1.addedAt }) {
  print(book.title)
}
