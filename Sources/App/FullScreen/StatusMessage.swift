// A line of feedback for the status bar: what just happened, or what went wrong.

/// The text of the status line and whether it reports a failure.
nonisolated struct StatusMessage: Hashable, Sendable {
  /// The sentence to show.
  var text: String
  /// Whether it reports a failure, shown in red.
  var isError: Bool

  /// A report of something that worked.
  static func info(_ text: String) -> StatusMessage { StatusMessage(text: text, isError: false) }

  /// A report of a failure.
  static func error(_ text: String) -> StatusMessage { StatusMessage(text: text, isError: true) }
}
