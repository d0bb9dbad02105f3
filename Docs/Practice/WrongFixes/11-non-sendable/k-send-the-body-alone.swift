// Wrong fix: send only the body, a String, and let the outbox make a Draft of its own from it.
// A String is Sendable and nothing is shared, so the compiler is satisfied; but the title
// never crosses into the outbox, and every queued message has lost it.
// Refused by: every field of it

/// A message being written on screen.
final class Draft {
  var title: String
  var body: String

  init(title: String, body: String) {
    self.title = title
    self.body = body
  }
}

/// Keeps drafts until they are sent, off the main actor.
actor Outbox {
  private var queued: [Draft] = []

  func enqueue(_ body: String) {
    queued.append(Draft(title: "", body: body))
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
  let draft = Draft(title: "", body: "")
  let outbox: Outbox

  init(outbox: Outbox) {
    self.outbox = outbox
  }

  /// Queues the draft and clears the screen for the next message.
  func send() async {
    await outbox.enqueue(draft.body)
    draft.body = ""
  }
}
