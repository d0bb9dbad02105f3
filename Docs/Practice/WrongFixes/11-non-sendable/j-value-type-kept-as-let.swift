// Wrong fix: make Draft a value type, as in the solution, but keep the screen's `let draft`.
// A constant value cannot change: neither the person typing nor `send` can edit it, and
// the file no longer compiles.
// Refused by: Composer.swift does not compile

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
  let draft = Draft(title: "", body: "")
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
