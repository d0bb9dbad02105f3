// The reading list at the command line: `reading-list add TITLE`, `reading-list finish N`,
// and with no arguments the list itself.

import Foundation
import ReadingList

let arguments = Array(CommandLine.arguments.dropFirst())
let library = try Library.open()

if arguments.first == "add" {
  // Every argument is a title: one call to the actor, one change on disk.
  try await library.addBooks(titled: Array(arguments.dropFirst()))
}
for (index, book) in await library.books.loadAll().enumerated() {
  print("\(index + 1). [\(book.isFinished ? "x" : " ")] \(book.title)")
}
