// Wrong fix: silence the error at the call, with a `nonisolated(unsafe)` copy of the
// reference. It is the same object under another name: the outbox and the screen share it.
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
    nonisolated(unsafe) let sent = draft
    await outbox.enqueue(sent)
    draft.body = ""
  }
}
