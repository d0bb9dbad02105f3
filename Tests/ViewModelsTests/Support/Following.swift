// A list view model following its repository in a task of the test's, as a screen would.

import FlowKit
import ViewModels

/// Runs ``QuestionListViewModel/followChanges()`` in a task until ``stop()``, the way a
/// front end runs it for as long as a screen is open.
@MainActor
struct Following {
  let task: Task<Void, Never>

  /// Starts following and returns once the list is subscribed and loaded.
  init(_ list: QuestionListViewModel) async {
    task = Task { await list.followChanges() }
    for _ in 0..<5_000 where !list.isFollowingChanges {
      try? await Task.sleep(for: .milliseconds(1))
    }
  }

  /// Cancels the task, which ends the following.
  func stop() {
    task.cancel()
  }
}
