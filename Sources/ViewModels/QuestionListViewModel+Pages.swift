// Every match of a store larger than memory, read a page at a time and kept by nobody.

import LocalStore
import Models

extension QuestionListViewModel {
  /// Reads every question of the store a page at a time, keeping none of them, and hands
  /// `body` those of each page that match ``searchText`` and ``tag``, in order, until `body`
  /// returns `false`: for a command that prints every match of a store larger than memory.
  /// The list's own state does not change.
  ///
  /// A change another writer makes meanwhile can move questions from one page to another, so
  /// the pages are no snapshot of one moment: a question moved meanwhile may be missed or
  /// handed twice. ``load()`` reads one.
  ///
  /// - Parameters:
  ///   - pageSize: How many questions are read at a time.
  ///   - body: Takes the matches of one page (perhaps none); returns whether to go on.
  /// - Returns: How many questions the store held when the first page was read.
  public func forEachMatchingPage(
    pageSize: Int = 10_000, _ body: ([Question]) async -> Bool
  ) async -> Int {
    let total = await repository.count()
    let query = SearchQuery(searchText)
    var offset = 0
    while true {
      let page = await repository.items(offset: offset, limit: max(pageSize, 1))
      guard !page.isEmpty else { break }
      offset += page.count
      // An index of this page only, gone with it: the list's own index holds the list.
      var index = SearchIndex()
      guard await body(index.filter(page.tagged(tag), by: query)) else { break }
    }
    return total
  }

  /// The question stored under `id`, read from the store, loaded or not; `nil` when there is
  /// none. One read by key, whatever the store's size.
  public func storedQuestion(withID id: Question.ID) async -> Question? {
    await repository.find(by: id)
  }
}
