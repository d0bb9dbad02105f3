// Keeps the search keys of the loaded questions, so typing a search does not fold them again.

import Models

/// The ``/Models/SearchKey`` of each question, reused while the question is unchanged.
///
/// Folding 100,000 questions takes a noticeable fraction of a second; a search box calls for
/// a match on every keystroke. The index folds each question once, and after a change only
/// the questions that are new or different.
nonisolated struct SearchIndex {
  private var entries: [Question.ID: (question: Question, key: SearchKey)] = [:]

  /// The questions of `questions` that match `query` (or all when it is empty), in order.
  mutating func filter(_ questions: [Question], by query: SearchQuery) -> [Question] {
    guard !query.isEmpty else { return questions }
    var next: [Question.ID: (question: Question, key: SearchKey)] = [:]
    next.reserveCapacity(questions.count)
    var matching: [Question] = []
    for question in questions {
      let key: SearchKey
      if let entry = entries[question.id], entry.question == question {
        key = entry.key
      } else {
        key = SearchKey(question)
      }
      next[question.id] = (question, key)
      if query.matches(key) { matching.append(question) }
    }
    entries = next
    return matching
  }
}
