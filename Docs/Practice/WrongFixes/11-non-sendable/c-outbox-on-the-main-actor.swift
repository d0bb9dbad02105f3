// Wrong fix: put the outbox on the main actor, beside the screen, so that the draft never
// crosses into another actor and the compiler has nothing to refuse. Both still hold one
// object: clearing the screen clears the message queued to send.
// Refused by: both share one object

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
@MainActor final class Outbox {
  private var queued: [Draft] = []

  func enqueue(_ draft: Draft) async {
    queued.append(draft)
  }

  func titles() async -> [String] {
    queued.map(\.title)
  }

  func bodies() async -> [String] {
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
