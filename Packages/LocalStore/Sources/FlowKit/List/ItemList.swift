// The state behind a list of stored values: loading, following changes, searching, pages.

import LocalStore
import Observation

/// The list of one store's values a front end shows, with its search, its tag filter, its
/// pages and its error state: the view model every app's list is.
///
/// It depends on any ``/LocalStore/Repository`` of its values, so tests and previews pass an
/// ``/LocalStore/InMemoryRepository`` and an app passes a ``/LocalStore/LocalRepository``.
/// It knows nothing about terminals or windows: a front end reads ``items``, ``searchText``
/// and ``errorMessage`` and calls the methods named after what the person wants. What is
/// about the model is its ``ListFilter``; an app's list is a subclass that adds what is its
/// own (the form it opens, what a deletion must also clear) and changes nothing here.
///
/// Errors follow one convention: an action never throws. A failure becomes ``errorMessage``,
/// which the front end shows, and an action a flow continues from returns `true` when it
/// worked. Each action computes its result first and assigns the state it changes together,
/// after its last `await`, so an observer sees one change per action rather than a flicker
/// of intermediate states.
///
/// A store larger than ``pagingThreshold`` is shown a page at a time (``isPaged``): the list
/// reads the store's ``/LocalStore/Repository/count()`` and its first page
/// (``/LocalStore/Repository/items(offset:limit:)``), never every value, so a list of a
/// million opens at once; ``loadMore()`` reads the next page as the person scrolls.
@Observable @MainActor
open class ItemList<Filter: ListFilter>: EditableList {
  /// The values the list holds.
  public typealias Item = Filter.Item

  /// The values that match ``searchText`` and ``tag``, in the order they were added.
  public internal(set) var items: [Item] = []

  /// How many values the store holds, whether or not they match ``searchText``, and whether
  /// or not they are loaded.
  public internal(set) var totalCount = 0

  /// Whether the list holds only the first pages of the store, because it has more than
  /// ``pagingThreshold`` values; ``loadMore()`` reads the next page.
  ///
  /// While it is `true`, ``searchText`` and ``tag`` cover the values loaded so far, not the
  /// whole store.
  public internal(set) var isPaged = false

  /// Words that every shown value contains; empty shows every value.
  ///
  /// Setting it filters ``items`` at once, without a trip to the store.
  public var searchText = "" {
    didSet {
      guard searchText != oldValue else { return }
      items = visible(among: loaded)
    }
  }

  /// The tag every shown value carries; `nil` shows every tag.
  ///
  /// Setting it filters ``items`` at once, like ``searchText``.
  public var tag: String? {
    didSet {
      guard tag != oldValue else { return }
      items = visible(among: loaded)
    }
  }

  /// Whether the list follows its store: `true` from the first read of ``followChanges()``'s
  /// one subscription until that subscription ends, so the list shows other writers' changes
  /// as they land. A front end may show it as a "live" mark.
  public internal(set) var isFollowingChanges = false

  /// A sentence describing the last failed action, or why changes made elsewhere are not
  /// shown while ``followChanges()`` cannot read the files, for the front end to show; `nil`
  /// after an action succeeds.
  public internal(set) var errorMessage: String?

  /// Every loaded value, whatever the filters; observed, so that what depends on one value
  /// (a page's notice after an edit) follows its changes.
  var loaded: [Item] = []

  /// How many values a store may hold for the list to read them all; a larger one is shown a
  /// page at a time.
  public let pagingThreshold: Int

  /// How many values a paged list reads at a time.
  public let pageSize: Int

  /// The store the list shows.
  @ObservationIgnored public let repository: any Repository<Item>
  /// The model's search and tag filter, with what it remembers between searches.
  @ObservationIgnored var filter = Filter()
  /// The ``errorMessage`` set because the store could not follow its files, if it is.
  @ObservationIgnored var followingError: String?
  /// Held by the one ``followChanges()`` call that subscribes; other calls wait for it.
  @ObservationIgnored let subscription = SubscriptionTurn()

  /// Creates a list over `repository`; call ``load()`` or ``followChanges()`` to fill it.
  ///
  /// - Parameters:
  ///   - repository: The store of values.
  ///   - pagingThreshold: Up to this many values, the list reads them all; above it, a page
  ///     at a time. `Int.max` always reads everything, as a command that must find any value
  ///     does.
  ///   - pageSize: How many values a paged list reads at a time.
  public init(
    repository: any Repository<Item>, pagingThreshold: Int = 10_000, pageSize: Int = 500
  ) {
    self.repository = repository
    self.pagingThreshold = pagingThreshold
    self.pageSize = max(pageSize, 1)
  }

  /// Every loaded value, whatever the filters, in the order they were added: every value of
  /// the store, or in a paged list those of the pages read so far.
  public var all: [Item] { loaded }

  /// How many values are loaded, whatever the filters.
  public var loadedCount: Int { loaded.count }

  /// Whether a paged list has values past those loaded.
  public var hasMoreToLoad: Bool {
    isPaged && loaded.count < totalCount
  }

  /// The value with the ID `id`, whatever the filters, from the loaded values (in a paged
  /// list, from the pages loaded).
  public func item(withID id: Item.ID) -> Item? {
    loaded.first { $0.id == id }
  }

  /// The value stored under `id`, read from the store, loaded or not; `nil` when there is
  /// none. One read by key, whatever the store's size.
  public func storedItem(withID id: Item.ID) async -> Item? {
    await repository.find(by: id)
  }

  /// Reads the values from the store: all of them, or the first page of a store larger than
  /// ``pagingThreshold``.
  public func load() async {
    show(await read(), error: nil)
  }

  /// Reads the next page of a paged list and shows it after those loaded; does nothing when
  /// every value is loaded.
  public func loadMore() async {
    guard hasMoreToLoad else { return }
    let before = loaded
    let page = await repository.items(offset: before.count, limit: pageSize)
    let total = await repository.count()
    show(Contents(items: before + page, total: total, isPaged: true), error: errorMessage)
  }

  /// Removes the value with the ID `id` and returns whether the removal was stored; this is
  /// ``removeFromStore(_:)``, and a subclass overrides it to clear what else refers to the
  /// value once it is gone.
  ///
  /// When the store refuses, ``errorMessage`` says why and the list is unchanged.
  @discardableResult
  open func remove(_ id: Item.ID) async -> Bool {
    await removeFromStore(id)
  }

  /// Clears ``errorMessage`` once the person has seen it.
  public func dismissError() {
    if errorMessage != nil { errorMessage = nil }
  }

  /// What the list shows of the store: its values, or its first pages, and its size.
  struct Contents {
    var items: [Item]
    var total: Int
    var isPaged: Bool
  }

  /// Reads the store as the list shows it: every value, or as many pages as are loaded (at
  /// least one) when the store is larger than ``pagingThreshold``.
  func read() async -> Contents {
    if pagingThreshold < Int.max {
      let total = await repository.count()
      if total > pagingThreshold {
        let pages = max((loaded.count + pageSize - 1) / pageSize, 1)
        let window = await repository.items(offset: 0, limit: pages * pageSize)
        return Contents(items: window, total: total, isPaged: true)
      }
    }
    let all = await repository.loadAll()
    return Contents(items: all, total: all.count, isPaged: false)
  }

  /// Assigns what changed of `contents` and `error`, together, and nothing that did not.
  func show(_ contents: Contents, error: String?) {
    if loaded != contents.items { loaded = contents.items }
    let visible = visible(among: contents.items)
    if items != visible { items = visible }
    if totalCount != contents.total { totalCount = contents.total }
    if isPaged != contents.isPaged { isPaged = contents.isPaged }
    if errorMessage != error { errorMessage = error }
  }

  /// The values of `all` that carry ``tag`` and match ``searchText``, in order.
  func visible(among all: [Item]) -> [Item] {
    filter.filter(all, searchText: searchText, tag: tag)
  }
}
