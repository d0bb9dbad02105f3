// The flows over the list of __model__ values: the form, the confirmation before a deletion, an edit conflict.

import Foundation
import LocalStore
import Models
import Observation
import Persistence

/// The __model__ values as a person moves through them: the list, and whatever is shown over
/// it.
///
/// A front end shows ``list`` and, when ``destination`` is set, the screen, sheet or alert it
/// names; it calls the methods named after what the person does (``add__MODEL__()``,
/// ``edit(_:)``, ``askToDelete(_:)``, ``confirmDeletion(of:)``, ``keepMine(_:over:)``, ...).
/// The model decides what happens next, such as closing the form only once its value is
/// saved, so the terminal front end and a SwiftUI one follow the same flow, and tests check it
/// without either.
///
/// A step that waits for the store is given what it acts on (``saveEditor(_:)``,
/// ``confirmDeletion(of:)``, ``keepMine(_:over:)``) rather than reading it from
/// ``destination`` once it runs: SwiftUI sets a dialog's binding to `false` after its button's
/// action and before any task that action started, and the step must still do what the
/// person chose. When a step ends it closes what it answered, unless the person has moved on
/// to something else since. The buttons and bindings of the SwiftUI views are in
/// `__MODEL__PageModel+Presentation.swift`.
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
    /// another writer since the form opened it: which to keep? ``keepMine(_:over:)`` or
    /// ``keepTheirs()``; ``conflictingFields`` lists what differs.
    case editConflict(yours: __MODEL__, theirs: __MODEL__?)
  }

  /// The file of the store of __model__ values, in the app's data folder.
  nonisolated public static let storeFilename = __MODEL__Store.filename

  // add-relation: properties

  /// What is shown over the list; `nil` when the list is shown alone.
  public private(set) var destination: Destination?
  /// A sentence about the last action that worked, such as "Added “Pancakes”."; cleared by
  /// the next move.
  ///
  /// After an edit is saved, it follows the list: when another writer changes or deletes
  /// that value while the notice shows, it says so instead of "Saved “…”.", so the screen
  /// never claims an edit that is no longer there.
  public var notice: String? {
    guard let saved = savedEdit else { return storedNotice }
    guard let current = list.item(withID: saved.id) else {
      return "“\(saved.__title__)” was deleted by another writer after you saved it."
    }
    guard current == saved else {
      return "Your edit was changed by another writer after you saved it; the list shows theirs."
    }
    return storedNotice
  }
  /// The values, their search and tag filter.
  public let list: __MODEL__ListViewModel

  /// The sentence ``notice`` shows while nothing overrides it.
  private var storedNotice: String?
  /// The value an edit just saved, while its notice shows.
  private var savedEdit: __MODEL__?
  /// The form whose save is under way, if one is: closing it then changes nothing.
  var formBeingSaved: __MODEL__EditorViewModel?

  /// The flows over `list`.
  public init(list: __MODEL__ListViewModel) {
    self.list = list
  }

  /// Opens the store of __model__ values in `folder` without blocking the calling thread (see
  /// `__MODEL__Store.open`), and the page over it. A warning the store gave as it opened
  /// (damaged bytes it set aside) becomes the page's ``notice``.
  public static func open(
    in folder: URL, configuration: StoreConfiguration = StoreConfiguration()
  ) async throws -> __MODEL__PageModel {
    let store = try await __MODEL__Store.open(in: folder, configuration: configuration)
    let page = __MODEL__PageModel(list: __MODEL__ListViewModel(repository: store.repository))
    if let warning = store.warnings.first { page.showNotice(warning.message) }
    return page
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
    show(.editor(prepared(__MODEL__EditorViewModel())))
  }

  /// Opens the form on `item` to edit it.
  public func edit(_ item: __MODEL__) {
    show(.editor(prepared(__MODEL__EditorViewModel(editing: item))))
  }

  /// `editor` with what its fields need from other models (`make add-relation` adds each).
  private func prepared(_ editor: __MODEL__EditorViewModel) -> __MODEL__EditorViewModel {
    // add-relation: editor
    return editor
  }

  /// Saves the value of `editor`, the form the person submitted, and closes the form;
  /// returns the value saved.
  ///
  /// When the text breaks a rule the form stays open with its `problems` set; when the store
  /// refuses it stays open too, with ``list``'s `errorMessage` saying why, so nothing typed is
  /// lost. Returns `nil` in both cases.
  ///
  /// The save goes through only if the store still holds the value the form was opened on:
  /// when another writer changed or deleted it meanwhile, nothing is saved and
  /// ``destination`` becomes ``Destination/editConflict(yours:theirs:)``.
  @discardableResult
  public func saveEditor(_ editor: __MODEL__EditorViewModel) async -> __MODEL__? {
    formBeingSaved = editor
    defer { if formBeingSaved === editor { formBeingSaved = nil } }
    guard let item = editor.validated__MODEL__() else { return nil }
    switch await list.save(item, ifUnchangedSince: editor.startedFrom) {
    case .saved:
      finish(
        .editor(editor),
        notice: editor.isEditing ? "Saved “\(item.__title__)”." : "Added “\(item.__title__)”.")
      savedEdit = item
      return item
    case .conflict(let current):
      show(.editConflict(yours: item, theirs: current))
      return nil
    case .failed:
      return nil
    }
  }

  /// Settles an edit conflict by saving `yours` over `theirs`, the other writer's version the
  /// conflict showed (`nil`: they deleted it, and yours brings it back); returns the value
  /// saved.
  ///
  /// The save is conditional too, on `theirs`: when the value changed again (or was deleted)
  /// since, nothing is saved and the conflict is shown again with the newer version, so "keep
  /// mine" never overwrites a change the person has not seen. When the store refuses, the
  /// conflict is shown again, with ``list``'s `errorMessage` saying why.
  @discardableResult
  public func keepMine(_ yours: __MODEL__, over theirs: __MODEL__?) async -> __MODEL__? {
    switch await list.save(yours, ifUnchangedSince: theirs) {
    case .saved:
      finish(
        .editConflict(yours: yours, theirs: theirs),
        notice: "Saved your version of “\(yours.__title__)”.")
      savedEdit = yours
      return yours
    case .conflict(let current):
      show(.editConflict(yours: yours, theirs: current))
      return nil
    case .failed:
      show(.editConflict(yours: yours, theirs: theirs))
      return nil
    }
  }

  /// Settles an edit conflict by dropping the person's edit: the other writer's change stays.
  public func keepTheirs() {
    guard case .editConflict(_, let theirs) = destination else { return }
    show(nil, notice: theirs == nil ? "It stays deleted." : "Kept the other change.")
  }

  /// Asks whether to delete `item`; ``confirmDeletion(of:)`` deletes it, ``dismiss()`` keeps
  /// it.
  public func askToDelete(_ item: __MODEL__) {
    show(.confirmDeletion(item))
  }

  /// Deletes `item`, the value ``askToDelete(_:)`` asked about, and goes back to the list;
  /// `false` when nothing was deleted, with ``list``'s `errorMessage` set if the store
  /// refused.
  @discardableResult
  public func confirmDeletion(of item: __MODEL__) async -> Bool {
    let deleted = await list.remove(item.id)
    // add-relation: deleted
    finish(.confirmDeletion(item), notice: deleted ? "Deleted “\(item.__title__)”." : nil)
    return deleted
  }

  /// Closes whatever is shown over the list without doing anything: a cancel or a "no". An
  /// edit conflict keeps the other writer's change (``keepTheirs()``), as nothing was saved.
  ///
  /// With nothing shown it does nothing, so a dismissal that comes after an action closed
  /// the dialog (as SwiftUI's does) leaves the action's notice alone.
  public func dismiss() {
    guard let destination else { return }
    if case .editConflict = destination { return keepTheirs() }
    show(nil)
  }

  /// Shows `text` as ``notice`` until the person moves on: something learned while opening,
  /// such as damaged bytes the store set aside.
  public func showNotice(_ text: String) {
    if storedNotice != text { storedNotice = text }
  }

  /// Clears ``notice`` once the person has moved on.
  public func dismissNotice() {
    if storedNotice != nil { storedNotice = nil }
    if savedEdit != nil { savedEdit = nil }
  }

  /// Ends a step that began while `step` was shown: goes back to the list with `notice`,
  /// unless the person has moved on to something else since, which stays shown (the notice
  /// is set either way).
  private func finish(_ step: Destination, notice: String?) {
    guard let destination, !Self.isSame(destination, as: step) else {
      return show(nil, notice: notice)
    }
    if storedNotice != notice { storedNotice = notice }
  }

  /// Whether `shown` is what `step` began on: the same form, or the same value asked about or
  /// in conflict.
  private static func isSame(_ shown: Destination, as step: Destination) -> Bool {
    switch (shown, step) {
    case (.editor(let shown), .editor(let step)): shown === step
    case (.confirmDeletion(let shown), .confirmDeletion(let step)): shown.id == step.id
    case (.editConflict(let shown, _), .editConflict(let step, _)): shown.id == step.id
    default: false
    }
  }

  /// Shows `destination` with `notice`; every move clears the last notice.
  func show(_ destination: Destination?, notice: String? = nil) {
    self.destination = destination
    if storedNotice != notice { storedNotice = notice }
    if savedEdit != nil { savedEdit = nil }
  }
}
