// Wrong fix: let the outbox copy the draft as it receives it. The copy is made on the
// outbox's side, after the screen's object has already crossed into it, so the two still
// touch one object at the same time; Swift 6 refuses to send it.
// Refused by: Composer.swift does not compile

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

  func enqueue(_ draft: Draft) {
    queued.append(Draft(title: draft.title, body: draft.body))
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
