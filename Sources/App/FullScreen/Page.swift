// Which screen of the full-screen mode is showing.

/// A screen of the full-screen mode; each has its own keys and hint bar.
nonisolated enum Page: Hashable, Sendable, CaseIterable {
  /// The list of questions with the selected one's answer and tags.
  case list
  /// The list, with keys typed into the search field.
  case search
  /// A list of tags to filter by.
  case tags
  /// The form that adds or edits a question.
  case editor
  /// The list, asking whether to delete the selected question.
  case confirmDelete
  /// The list, asking whether to keep an edit or another writer's change to the question.
  case editConflict
  /// A change made here and on the server, waiting for the person to keep one version.
  case syncConflict
  /// A quiz in progress or its score.
  case quiz
  /// Sessions over time and accuracy per tag.
  case statistics
  /// Every key of every screen.
  case help
  /// The offer to load the sample deck into a store that does not exist yet.
  case sampleOffer

  /// The name shown in the title bar.
  var title: String {
    switch self {
    case .list, .search, .confirmDelete, .editConflict: "Questions"
    case .syncConflict: "Sync conflict"
    case .tags: "Filter by tag"
    case .editor: "Question"
    case .quiz: "Quiz"
    case .statistics: "Statistics"
    case .help: "Keys"
    case .sampleOffer: "Welcome"
    }
  }
}
