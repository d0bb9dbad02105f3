// The root of the app's flows: what is shown over the list, what awaits a yes, and the moves between.

import Models
import Observation

/// __NAME__ as a person moves through it: the list, and whatever is shown over it.
///
/// A front end shows ``list`` and, when ``destination`` is set, the screen, sheet or alert it
/// names; it calls the methods named after what the person does (``add__MODEL__()``,
/// ``askToDelete(_:)``, ``confirmDeletion()``, ...). The model decides what happens next, such
/// as closing the editor only once its value is saved, so a terminal front end and a SwiftUI
/// one follow the same flow, and tests check it without either.
///
/// Errors follow the convention of every view model in this module: an action never throws;
/// a failure is observable state, ``list``'s `errorMessage` or the editor's `problem`.
@Observable @MainActor
public final class __NAME__Model {
  /// What is shown over the list.
  public enum Destination {
    /// The form that adds a value, or edits one.
    case editor(__MODEL__EditorViewModel)
    /// A confirmation asking whether to delete this value.
    case confirmDeletion(__MODEL__)
  }

  /// What is shown over the list; `nil` when the list is shown alone.
  public private(set) var destination: Destination?
  /// A sentence about the last action that worked, such as "Added “Pancakes”."; cleared by
  /// the next move.
  public private(set) var notice: String?
  /// The values, their search and tag filter.
  public let list: __MODEL__ListViewModel

  /// The flows over `list`.
  public init(list: __MODEL__ListViewModel) {
    self.list = list
  }

  /// Reads the list from the store; a SwiftUI front end calls it from `.task`.
  public func load() async {
    await list.load()
  }

  /// Opens an empty form to add a value.
  public func add__MODEL__() {
    show(.editor(__MODEL__EditorViewModel()))
  }

  /// Opens the form on `item` to edit it.
  public func edit(_ item: __MODEL__) {
    show(.editor(__MODEL__EditorViewModel(editing: item)))
  }

  /// Saves the form's value and closes the form; returns the value saved.
  ///
  /// When the text breaks a rule the form stays open with its `problem` set; when the store
  /// refuses it stays open too, with ``list``'s `errorMessage` saying why, so nothing typed is
  /// lost. Returns `nil` in both cases, and when no form is open.
  @discardableResult
  public func saveEditor() async -> __MODEL__? {
    guard case .editor(let editor) = destination, let item = editor.validated__MODEL__(),
      await list.add(item)
    else { return nil }
    show(nil, notice: editor.isEditing ? "Saved “\(item.title)”." : "Added “\(item.title)”.")
    return item
  }

  /// Asks whether to delete `item`; ``confirmDeletion()`` deletes it, ``dismiss()`` keeps it.
  public func askToDelete(_ item: __MODEL__) {
    show(.confirmDeletion(item))
  }

  /// Deletes the value ``askToDelete(_:)`` asked about and goes back to the list; `false`
  /// when nothing was deleted, with ``list``'s `errorMessage` set if the store refused.
  @discardableResult
  public func confirmDeletion() async -> Bool {
    guard case .confirmDeletion(let item) = destination else { return false }
    let deleted = await list.remove(item.id)
    show(nil, notice: deleted ? "Deleted “\(item.title)”." : nil)
    return deleted
  }

  /// Closes whatever is shown over the list without doing anything: a cancel or a "no".
  public func dismiss() {
    show(nil)
  }

  /// Clears ``notice`` once the person has moved on.
  public func dismissNotice() {
    if notice != nil { notice = nil }
  }

  private func show(_ destination: Destination?, notice: String? = nil) {
    self.destination = destination
    if self.notice != notice { self.notice = notice }
  }
}
