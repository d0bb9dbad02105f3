// The reading list at the command line: `reading-list add TITLE`, `reading-list finish N`,
// and with no arguments the list itself.

import Foundation
import ReadingList

let arguments = Array(CommandLine.arguments.dropFirst())
let library = try await Library.open()
let model = ReadingListModel(repository: library.books)

await model.load()
switch arguments.first {
case "add":
  await model.addBook(title: arguments.dropFirst().joined(separator: " "))
case "finish":
  guard let number = arguments.dropFirst().first.flatMap({ Int($0) }),
    model.books.indices.contains(number - 1)
  else {
    print("Usage: reading-list finish N, where N is a book's number in the list.")
    exit(64)
  }
  await model.markFinished(model.books[number - 1].id)
default:
  break
}
if let message = model.errorMessage { print(message) }
for (index, book) in model.books.enumerated() {
  print("\(index + 1). [\(book.isFinished ? "x" : " ")] \(book.title)")
}
