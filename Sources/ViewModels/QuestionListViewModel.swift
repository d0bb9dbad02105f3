// The list of questions: the shared list over the question store, with its tags.

import FlowKit
import LocalStore
import Models

/// The list of questions a front end shows, with search, tag filter, pages and error state.
///
/// Everything a list does is `FlowKit`'s ``/FlowKit/ItemList``, the same code as the list of
/// every app made from the template: loading (``/FlowKit/ItemList/load()``), following other
/// writers (``/FlowKit/ItemList/followChanges()``), adding and saving without undoing another
/// writer's change (``/FlowKit/ItemList/save(_:ifUnchangedSince:)``), reading a million a
/// page at a time (``/FlowKit/ItemList/loadMore()``), and an error message instead of a
/// thrown error. What is about questions is here: what a search looks in and how a tag
/// matches (``QuestionFilter``), and the tags in use (``tags``).
///
/// It depends on any ``/LocalStore/Repository`` of questions, so tests and previews pass an
/// ``/LocalStore/InMemoryRepository`` and the app passes a ``/LocalStore/LocalRepository``:
///
/// ```swift
/// let list = QuestionListViewModel(repository: InMemoryRepository<Question>())
/// await list.add(Question(prompt: "2 + 2?", answer: "4"))
/// list.searchText = "2 + 2"
/// print(list.items.count)  // 1
/// ```
@MainActor
public final class QuestionListViewModel: ItemList<QuestionFilter> {
  /// Every tag in use among the loaded questions, with how many questions have it, most used
  /// first.
  ///
  /// It is worked out from the questions on each read, so read it where the tags are shown;
  /// ``hasTags`` answers whether there are any without counting them.
  public var tags: [TagSummary] { TagSummary.summaries(of: all) }

  /// Whether any loaded question has a tag: what ``tags`` is not empty says, found at the
  /// first tagged question, for a screen that asks on every frame.
  public var hasTags: Bool { all.contains { !$0.tags.isEmpty } }
}
