// Wrong fix: mark the parameter `sending`, as if that made the draft safe to hand over.
// `sending` asks the caller to give the value up, and the screen keeps its draft and goes
// on editing it; Swift 6 refuses the call.
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

  func enqueue(_ draft: sending Draft) {
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
