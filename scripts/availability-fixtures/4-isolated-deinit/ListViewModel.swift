// Case 4: `isolated deinit`, whose runtime entry point needs macOS 15.4 / iOS 18.4.
@MainActor final class ListViewModel {
  var following: Task<Void, Never>?

  isolated deinit {
    following?.cancel()
  }
}

actor Watcher {
  var following: Task<Void, Never>?

  isolated deinit {
    following?.cancel()
  }
}
