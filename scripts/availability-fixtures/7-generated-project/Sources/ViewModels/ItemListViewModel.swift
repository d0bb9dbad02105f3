// Case 7: the generated project's list view model, with case 4 in it.
@MainActor public final class ItemListViewModel {
  var following: Task<Void, Never>?

  public init() {}

  isolated deinit {
    following?.cancel()
  }
}
