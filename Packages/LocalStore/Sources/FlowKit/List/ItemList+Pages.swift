// Every match of a store larger than memory, read a page at a time and kept by nobody.

import LocalStore

extension ItemList {
  /// Reads every value of the store a page at a time, keeping none of them, and hands `body`
  /// those of each page that match ``searchText`` and ``tag``, in order, until `body` returns
  /// `false`: for a command that prints every match of a store larger than memory. The list's
  /// own state does not change.
  ///
  /// A change another writer makes meanwhile can move values from one page to another, so
  /// the pages are no snapshot of one moment: a value moved meanwhile may be missed or handed
  /// twice. ``load()`` reads one.
  ///
  /// - Parameters:
  ///   - pageSize: How many values are read at a time.
  ///   - body: Takes the matches of one page (perhaps none); returns whether to go on.
  /// - Returns: How many values the store held when the first page was read.
  public func forEachMatchingPage(
    pageSize: Int = 10_000, _ body: ([Item]) async -> Bool
  ) async -> Int {
    let total = await repository.count()
    var offset = 0
    while true {
      let page = await repository.items(offset: offset, limit: max(pageSize, 1))
      guard !page.isEmpty else { break }
      offset += page.count
      // A filter of this page only, gone with it: the list's own filter serves the list.
      var pageFilter = Filter()
      guard await body(pageFilter.filter(page, searchText: searchText, tag: tag)) else { break }
    }
    return total
  }
}
