// The shared list over a real repository: its filter, its pages, and the hook a subclass adds.

import LocalStore
import Testing

@testable import FlowKit

/// A value with a name and tags, stored in an in-memory repository.
struct Card: Identifiable, Equatable, Sendable {
  var id: Int
  var name: String
  var tags: [String] = []
}

/// A filter that counts how often it ran: a search matches a card whose name contains it.
struct CardFilter: ListFilter {
  /// How many times this filter ran.
  private(set) var runs = 0

  init() {}

  mutating func filter(_ items: [Card], searchText: String, tag: String?) -> [Card] {
    runs += 1
    return items.filter { card in
      (tag.map { card.tags.contains($0) } ?? true)
        && (searchText.isEmpty || card.name.contains(searchText))
    }
  }
}

/// An app's list: deleting a card also forgets it in a second place, after the store did.
@MainActor
final class CardList: ItemList<CardFilter> {
  /// What was still stored when the override ran its second step, per removed id.
  var removedAfterwards: [Int: Card?] = [:]

  override func remove(_ id: Int) async -> Bool {
    let deleted = await removeFromStore(id)
    if deleted { removedAfterwards[id] = await storedItem(withID: id) }
    return deleted
  }
}

@MainActor
@Suite(.serialized)
struct ItemListTests {
  private let cards = (1...7).map {
    Card(id: $0, name: "card \($0)", tags: $0 % 2 == 0 ? ["even"] : [])
  }

  @Test func theFilterDecidesWhatIsShownAndATagNarrowsIt() async {
    let list = CardList(repository: InMemoryRepository(cards))
    await list.load()
    #expect(list.items.count == 7 && list.totalCount == 7 && !list.isPaged)
    list.tag = "even"
    #expect(list.items.map(\.id) == [2, 4, 6])
    list.searchText = "4"
    #expect(list.items.map(\.id) == [4])
    #expect(list.all.count == 7, "the filters hide values; they do not unload them")
  }

  @Test func aStoreOverTheThresholdIsReadAPageAtATime() async {
    let list = CardList(repository: InMemoryRepository(cards), pagingThreshold: 5, pageSize: 3)
    await list.load()
    #expect(list.isPaged && list.totalCount == 7 && list.items.map(\.id) == [1, 2, 3])
    await list.loadMore()
    await list.loadMore()
    #expect(list.items.map(\.id) == Array(1...7) && !list.hasMoreToLoad)
    await list.loadMore()
    #expect(list.loadedCount == 7)
  }

  @Test func everyMatchingPageIsFilteredByAFilterOfItsOwn() async {
    let list = CardList(repository: InMemoryRepository(cards))
    await list.load()
    list.tag = "even"
    let before = list.filter.runs
    var pages: [[Int]] = []
    let total = await list.forEachMatchingPage(pageSize: 3) { page in
      pages.append(page.map(\.id))
      return true
    }
    #expect(total == 7 && pages == [[2], [4, 6], []])
    #expect(list.filter.runs == before, "the pages are filtered by filters of their own")
    #expect(list.items.map(\.id) == [2, 4, 6], "the list's own state is unchanged")
  }

  @Test func aPageFlowDeletesThroughTheSubclassOverride() async {
    let store = InMemoryRepository(cards)
    let list = CardList(repository: store)
    await list.load()
    let flow = PageFlow<CardList, CardForm, Never>(
      list: list, notices: PageNotices { $0.name })
    #expect(await flow.confirmDeletion(of: cards[2]))
    #expect(list.removedAfterwards.keys.sorted() == [3], "the override ran, once")
    #expect(list.removedAfterwards[3] == .some(nil), "after the store had deleted it")
    #expect(await store.find(by: 3) == nil && list.item(withID: 3) == nil)
  }

  @Test func aSaveAgainstAChangedValueIsAConflictAndStoresNothing() async {
    let store = InMemoryRepository(cards)
    let list = CardList(repository: store)
    await list.load()
    var theirs = cards[0]
    theirs.name = "theirs"
    try? await store.save(theirs)
    var mine = cards[0]
    mine.name = "mine"
    #expect(await list.save(mine, ifUnchangedSince: cards[0]) == .conflict(current: theirs))
    #expect(list.item(withID: 1) == theirs, "the list shows what the store holds")
    #expect(await list.save(mine, ifUnchangedSince: theirs) == .saved)
    #expect(await store.find(by: 1) == mine)
  }

  @Test func aRefusedChangeIsAnErrorMessageAndTheNextSuccessClearsIt() async {
    let store = InMemoryRepository(cards)
    let list = CardList(repository: store)
    await list.load()
    await store.failWrites(with: DiskFull())
    #expect(await list.add(Card(id: 9, name: "new")) == false)
    #expect(list.errorMessage == "the disk is full" && list.totalCount == 7)
    await store.failWrites(with: nil)
    #expect(await list.remove(1))
    #expect(list.errorMessage == nil && list.totalCount == 6)
  }

  @Test func followingShowsAnotherWritersChange() async {
    let store = InMemoryRepository(cards)
    let list = CardList(repository: store)
    let following = Task { await list.followChanges() }
    defer { following.cancel() }
    for _ in 0..<1_000 where !list.isFollowingChanges { await Task.yield() }
    try? await store.save(Card(id: 8, name: "from elsewhere"))
    for _ in 0..<10_000 where list.totalCount != 8 {
      try? await Task.sleep(for: .milliseconds(1))
    }
    #expect(list.item(withID: 8)?.name == "from elsewhere")
  }
}

/// A refusal from the store, as the list words it.
struct DiskFull: Error, CustomStringConvertible {
  var description: String { "the disk is full" }
}

/// The form the deletion test's page flow is typed with; it never opens.
@MainActor
final class CardForm: ItemForm {
  let startedFrom: Card? = nil
  let isEditing = false
  func validatedItem() -> Card? { nil }
}
