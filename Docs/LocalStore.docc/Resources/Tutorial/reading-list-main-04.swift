// The reading list at the command line: `reading-list add TITLE`, `reading-list finish N`,
// and with no arguments the list itself.

import Foundation
import ReadingList

let store = try BookStore<Book>.readingList(in: URL(fileURLWithPath: "."))
let arguments = Array(CommandLine.arguments.dropFirst())

/// Every book, oldest first: the store keeps them in no particular order.
let books = await store.loadAll().sorted { $0.addedAt < $1.addedAt }
switch arguments.first {
case "add":
  try await store.save(Book(title: arguments.dropFirst().joined(separator: " ")))
case "finish":
  guard let number = arguments.dropFirst().first.flatMap({ Int($0) }),
    books.indices.contains(number - 1)
  else {
    print("Usage: reading-list finish N, where N is a book's number in the list.")
    exit(64)
  }
  try await store.save(books[number - 1].finished())
default:
  break
}
let updated = await store.loadAll().sorted { $0.addedAt < $1.addedAt }
for (index, book) in updated.enumerated() {
  print("\(index + 1). [\(book.isFinished ? "x" : " ")] \(book.title)")
}
