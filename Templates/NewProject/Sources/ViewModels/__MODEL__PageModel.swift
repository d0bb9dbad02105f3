// The flows over the list of __model__ values: the form, the confirmation before a deletion, an edit conflict.

import Models
import Observation

/// The __model__ values as a person moves through them: the list, and whatever is shown over
/// it.
///
/// A front end shows ``list`` and, when ``destination`` is set, the screen, sheet or alert it
/// names; it calls the methods named after what the person does (``add__MODEL__()``,
/// ``edit(_:)``, ``askToDelete(_:)``, ``confirmDeletion()``, ``keepMine()``, ...). The model
/// decides what happens next, such as closing the form only once its value is saved, so the
/// terminal front end and a SwiftUI one follow the same flow, and tests check it without
/// either.
///
/// Errors follow the convention of every view model in this module: an action never throws;
/// a failure is observable state, ``list``'s `errorMessage` or the editor's `problems`.
@Observable @MainActor
public final class __MODEL__PageModel {
  /// What is shown over the list.
  public enum Destination {
    /// The form that adds a value, or edits one.
    case editor(__MODEL__EditorViewModel)
    /// A confirmation asking whether to delete this value.
    case confirmDeletion(__MODEL__)
    /// The value saved from the form was changed (`theirs`) or deleted (`theirs` is `nil`) by
    /// another writer since the form opened it: which to keep? ``keepMine()`` or
    /// ``keepTheirs()``; ``conflictingFields`` lists what differs.
    case editConflict(yours: __MODEL__, theirs: __MODEL__?)
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

  /// Reads the list, then keeps it current until the calling task is cancelled; a SwiftUI
  /// front end calls it from `.task`.
  public func followChanges() async {
    await list.followChanges()
  }

  /// The fields that differ between the person's version and the other writer's, during an
  /// edit conflict; every field when the other writer deleted the value.
  public var conflictingFields: [FieldDifference] {
    guard case .editConflict(let yours, let theirs) = destination else { return [] }
    guard let theirs else {
      return yours.editableFields.map {
        FieldDifference(field: $0.label, yours: $0.text, theirs: "(deleted)")
      }
    }
    return yours.differences(from: theirs)
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
  /// When the text breaks a rule the form stays open with its `problems` set; when the store
  /// refuses it stays open too, with ``list``'s `errorMessage` saying why, so nothing typed is
  /// lost. Returns `nil` in both cases, and when no form is open.
  ///
  /// The save goes through only if the store still holds the value the form was opened on:
  /// when another writer changed or deleted it meanwhile, nothing is saved and
  /// ``destination`` becomes ``Destination/editConflict(yours:theirs:)``.
  @discardableResult
  public func saveEditor() async -> __MODEL__? {
    guard case .editor(let editor) = destination, let item = editor.validated__MODEL__() else {
      return nil
    }
    switch await list.save(item, ifUnchangedSince: editor.startedFrom) {
    case .saved:
      show(nil, notice: editor.isEditing ? "Saved “\(item.title)”." : "Added “\(item.title)”.")
      return item
    case .conflict(let current):
      show(.editConflict(yours: item, theirs: current))
      return nil
    case .failed:
      return nil
    }
  }

  /// Settles an edit conflict by saving the person's version over the other writer's, or
  /// bringing the value back if it was deleted; returns the value saved, or `nil` with
  /// ``list``'s `errorMessage` set when the store refuses.
  @discardableResult
  public func keepMine() async -> __MODEL__? {
    guard case .editConflict(let yours, _) = destination, await list.add(yours) else {
      return nil
    }
    show(nil, notice: "Saved your version of “\(yours.title)”.")
    return yours
  }

  /// Settles an edit conflict by dropping the person's edit: the other writer's change stays.
  public func keepTheirs() {
    guard case .editConflict(_, let theirs) = destination else { return }
    show(nil, notice: theirs == nil ? "It stays deleted." : "Kept the other change.")
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

  /// Closes whatever is shown over the list without doing anything: a cancel or a "no". An
  /// edit conflict keeps the other writer's change (``keepTheirs()``), as nothing was saved.
  public func dismiss() {
    if case .editConflict = destination { return keepTheirs() }
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
