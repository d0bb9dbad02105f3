// One row of the key table: the keys, the action they trigger, and how help and hints name them.

import TerminalUI

/// Keys that trigger one action on one page.
nonisolated struct KeyBinding: Sendable {
  /// The keys, any of which triggers the action.
  var keys: [Key]
  /// What they do.
  var action: Action
  /// The keys as the help page shows them, such as `j/↓`.
  var label: String
  /// What the help page says they do, such as `down`.
  var summary: String
  /// The hint bar's entry, such as `j/k move`; `nil` leaves the binding out of the hint bar.
  var hint: String?

  /// A binding shown in the hint bar as `hint`, or as `label summary` when `hint` is `nil`.
  init(_ keys: [Key], _ action: Action, _ label: String, _ summary: String, hint: String? = nil) {
    self.keys = keys
    self.action = action
    self.label = label
    self.summary = summary
    self.hint = hint ?? "\(label) \(summary)"
  }

  /// The same binding, listed on the help page but not in the hint bar.
  func hiddenFromHintBar() -> KeyBinding {
    var binding = self
    binding.hint = nil
    return binding
  }
}
