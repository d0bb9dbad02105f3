// The reading list at the command line: `reading-list add TITLE`, `reading-list finish N`,
// and with no arguments the list itself.

import Foundation
import ReadingList

let arguments = Array(CommandLine.arguments.dropFirst())
let library = try await Library.open()

switch arguments.first {
case "add":
  try await library.books.save(Book(title: arguments.dropFirst().joined(separator: " ")))
case "finish":
  let books = await library.books.loadAll()
  guard let number = arguments.dropFirst().first.flatMap({ Int($0) }),
    books.indices.contains(number - 1)
  else {
    print("Usage: reading-list finish N, where N is a book's number in the list.")
    exit(64)
  }
  try await library.books.save(books[number - 1].finished())
default:
  break
}
// The repository keeps the order in which books were added: no sorting.
for (index, book) in await library.books.loadAll().enumerated() {
  print("\(index + 1). [\(book.isFinished ? "x" : " ")] \(book.title)")
}
