// The state behind the list of __model__ values: loading, searching, adding and removing.

import Models
import Observation
import Persistence

/// The __model__ values a front end shows, filtered by a search and a tag.
///
/// Errors follow one convention: an action never throws. A failure becomes ``errorMessage``,
/// and an action a flow continues from returns `true` when it worked. Every action assigns
/// its results together after its last `await`, so an observer sees one change per action.
@Observable @MainActor
public final class __MODEL__ListViewModel {
  /// The values that match ``searchText`` and ``tag``, in the order they were added.
  public private(set) var items: [__MODEL__] = []
  /// How many values the store holds, whatever the filters.
  public private(set) var totalCount = 0
  /// Words that every shown value contains; empty shows all of them.
  public var searchText = "" {
    didSet {
      guard searchText != oldValue else { return }
      items = visible(among: allItems)
    }
  }
  /// The tag every shown value carries; `nil` shows all of them.
  public var tag: String? {
    didSet {
      guard tag != oldValue else { return }
      items = visible(among: allItems)
    }
  }
  /// Why the last action failed; `nil` after one that worked.
  public private(set) var errorMessage: String?

  @ObservationIgnored private var allItems: [__MODEL__] = []
  @ObservationIgnored private let repository: any Repository<__MODEL__>

  /// A list over `repository`; call ``load()`` to fill it.
  public init(repository: any Repository<__MODEL__>) {
    self.repository = repository
  }

  /// Reads every value from the store.
  public func load() async {
    show(await repository.loadAll(), error: nil)
  }

  /// The value with `id`, whatever the filters.
  public func item(withID id: __MODEL__.ID) -> __MODEL__? {
    allItems.first { $0.id == id }
  }

  /// Every value, whatever the filters, in the order they were added.
  public var all: [__MODEL__] { allItems }

  /// Stores `item`, or replaces the one with its id; `false` with ``errorMessage`` set when
  /// the store refuses.
  @discardableResult
  public func add(_ item: __MODEL__) async -> Bool {
    await perform { try await $0.save(item) }
  }

  /// Deletes the value with `id`; `false` with ``errorMessage`` set when the store refuses.
  @discardableResult
  public func remove(_ id: __MODEL__.ID) async -> Bool {
    await perform { try await $0.delete(id) }
  }

  /// Clears ``errorMessage`` once it has been shown.
  public func dismissError() {
    if errorMessage != nil { errorMessage = nil }
  }

  private func perform(
    _ change: (any Repository<__MODEL__>) async throws -> Void
  ) async -> Bool {
    do {
      try await change(repository)
    } catch {
      errorMessage = ErrorText.sentence(for: error)
      return false
    }
    show(await repository.loadAll(), error: nil)
    return true
  }

  private func show(_ all: [__MODEL__], error: String?) {
    allItems = all
    let visible = visible(among: all)
    if items != visible { items = visible }
    if totalCount != all.count { totalCount = all.count }
    if errorMessage != error { errorMessage = error }
  }

  private func visible(among all: [__MODEL__]) -> [__MODEL__] {
    all.filter { item in
      (tag.map { item.tags.contains($0) } ?? true) && item.matches(searchText)
    }
  }
}
