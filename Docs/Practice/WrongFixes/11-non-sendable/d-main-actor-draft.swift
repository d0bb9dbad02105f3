// Wrong fix: isolate Draft to the main actor, which makes it Sendable, and let the outbox
// read each body with `await`. The compiler is satisfied, and the outbox keeps a reference
// to the screen's one draft: clearing the screen clears the message queued to send.
// Refused by: both share one object

/// A message being written on screen.
@MainActor final class Draft {
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

  func titles() async -> [String] {
    var titles: [String] = []
    for draft in queued { titles.append(await draft.title) }
    return titles
  }

  func bodies() async -> [String] {
    var bodies: [String] = []
    for draft in queued { bodies.append(await draft.body) }
    return bodies
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
