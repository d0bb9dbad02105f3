// Exercise 11: a mutable class handed to an actor while the screen keeps changing it.

/// A message being written on screen: a value, so the outbox gets its own copy.
struct Draft: Sendable {
  var title: String
  var body: String
}

/// Keeps drafts until they are sent, off the main actor.
actor Outbox {
  private var queued: [Draft] = []

  func enqueue(_ draft: Draft) {
    queued.append(draft)
  }

  func titles() -> [String] {
    queued.map(\.title)
  }

  func bodies() -> [String] {
    queued.map(\.body)
  }
}

/// The compose screen: the user types into `draft`, then sends it.
@MainActor final class Composer {
  var draft = Draft(title: "", body: "")
  let outbox: Outbox

  init(outbox: Outbox) {
    self.outbox = outbox
  }

  /// Queues the draft and clears the screen for the next message.
  func send() async {
    await outbox.enqueue(draft)
    draft.body = ""
  }
}
