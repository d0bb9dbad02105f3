// The reading list at the command line: `reading-list add TITLE`, `reading-list finish N`,
// `reading-list start-again`, and with no arguments the list itself.

import Foundation
import ReadingList

let arguments = Array(CommandLine.arguments.dropFirst())
let library: Library
let startedAgain: Bool
do {
  library = try await Library.open()
  startedAgain = false
} catch where Library.canStartAgain(after: error) && arguments.first == "start-again" {
  // The person asked for it: keep the unreadable files aside, and open an empty list.
  let (fresh, keptAt) = try await Library.startAgain()
  print("Started an empty list; the old one is kept at \(keptAt?.path ?? "its place").")
  library = fresh
  startedAgain = true
} catch {
  print(error.localizedDescription)
  if Library.canStartAgain(after: error) {
    print("To keep the unreadable list aside and start an empty one: reading-list start-again")
  }
  exit(1)
}
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
case "start-again" where !startedAgain:
  print("The reading list opens as it is: there is nothing to start again.")
default:
  break
}
if let message = model.errorMessage { print(message) }
for (index, book) in model.books.enumerated() {
  print("\(index + 1). [\(book.isFinished ? "x" : " ")] \(book.title)")
}
// Before the program ends: write into books.json.lock how far the journal is on disk, so
// that damage to the last book saved is refused rather than taken for a torn write.
try await library.books.synchronize()
