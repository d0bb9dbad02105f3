// Wrong fix: a value type, as in the solution, but the screen is cleared first, so that the
// person can type on while the outbox is busy. The copy is taken after clearing: the outbox
// queues empty messages.
// Refused by: instead of the two messages sent

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
    draft.body = ""
    await outbox.enqueue(draft)
  }
}
