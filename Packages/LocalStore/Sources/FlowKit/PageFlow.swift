// The flows over one list: the form, the confirmation before a deletion, an edit conflict, the notice.

import Observation

/// A list as a person moves through it: the list, and whatever is shown over it.
///
/// A front end shows ``list`` and, when ``destination`` is set, the screen, sheet or alert it
/// names; it calls the methods named after what the person does (``show(_:notice:)`` with a
/// form, ``askToDelete(_:)``, ``confirmDeletion(of:)``, ``keepMine(_:over:)``, ...). The flow
/// decides what happens next, such as closing the form only once its value is saved, so a
/// terminal front end and a SwiftUI one follow the same flow, and tests check it without
/// either. An app words its notices (``PageNotices``) and adds what is its own (its forms'
/// choices, screens of its own in ``PageDestination/screen(_:)``).
///
/// A step that waits for the store is given what it acts on (``saveEditor(_:)``,
/// ``confirmDeletion(of:)``, ``keepMine(_:over:)``) rather than reading it from
/// ``destination`` once it runs: SwiftUI sets a dialog's binding to `false` after its button's
/// action and before any task that action started, and the step must still do what the
/// person chose. When a step ends it closes what it answered, unless the person has moved on
/// to something else since; a ``dismiss()`` with nothing shown does nothing. The buttons and
/// bindings of a SwiftUI front end are in `PageFlow+Presentation.swift`.
///
/// An action never throws: a failure is observable state, the list's error message or the
/// form's problems.
@Observable @MainActor
public final class PageFlow<List: EditableList, Form: ItemForm, Screen: Equatable>
where Form.Item == List.Item {
  /// The values of the list.
  public typealias Item = List.Item
  /// What is shown over the list.
  public typealias Destination = PageDestination<Item, Form, Screen>

  /// What is shown over the list; `nil` when the list is shown alone.
  public private(set) var destination: Destination?
  /// The list, its search and filters.
  public let list: List
  /// The sentences ``notice`` shows after each step.
  @ObservationIgnored public let notices: PageNotices<Item>
  /// Called after every move (``show(_:notice:)``), for state of the app's own that a move
  /// ends, such as a warning shown before leaving a screen.
  @ObservationIgnored public var didMove: () -> Void = {}

  /// The sentence ``notice`` shows while nothing overrides it.
  private var storedNotice: String?
  /// The value an edit just saved, while its notice shows.
  private var savedEdit: Item?
  /// The form whose save is under way, if one is: closing it then changes nothing.
  var formBeingSaved: Form?

  /// The flows over `list`, with notices worded by `notices`; `destination` is shown first
  /// (such as an offer the app makes at its first start).
  public init(list: List, notices: PageNotices<Item>, destination: Destination? = nil) {
    self.list = list
    self.notices = notices
    self.destination = destination
  }

  /// A sentence about the last action that worked, such as `Added “Soup”.`; cleared by the
  /// next move.
  ///
  /// After an edit is saved, it follows the list: when another writer changes or deletes
  /// that value while the notice shows, it says so instead, so the screen never claims an
  /// edit that is no longer there.
  public var notice: String? {
    guard let saved = savedEdit else { return storedNotice }
    guard let current = list.item(withID: saved.id) else {
      return notices.deletedAfterSave(saved)
    }
    return current == saved ? storedNotice : notices.changedAfterSave
  }

  /// Saves the value of `form`, the form the person submitted, and closes the form; returns
  /// the value saved.
  ///
  /// When a field needs fixing the form stays open with its problems set; when the store
  /// refuses it stays open too, with the list's error message saying why, so nothing typed
  /// is lost. Returns `nil` in both cases.
  ///
  /// The save goes through only if the store still holds the value the form was opened on:
  /// when another writer changed or deleted it meanwhile, nothing is saved and
  /// ``destination`` becomes ``PageDestination/editConflict(yours:theirs:)``, for the person
  /// to choose with ``keepMine(_:over:)`` or ``keepTheirs()``.
  @discardableResult
  public func saveEditor(_ form: Form) async -> Item? {
    formBeingSaved = form
    defer { if formBeingSaved === form { formBeingSaved = nil } }
    guard let item = form.validatedItem() else { return nil }
    return await save(
      item, ifUnchangedSince: form.startedFrom, answering: .editor(form),
      notice: form.isEditing ? notices.saved(item) : notices.added(item), whenRefused: nil)
  }

  /// Settles an edit conflict by saving `yours` over `theirs`, the other writer's version the
  /// conflict showed (`nil`: they deleted it, and yours brings it back); returns the value
  /// saved.
  ///
  /// The save is conditional too, on `theirs`: when the value changed again (or was deleted)
  /// since, nothing is saved and the conflict is shown again with the newer version, so "keep
  /// mine" never overwrites a change the person has not seen. When the store refuses, the
  /// conflict is shown again, with the list's error message saying why.
  @discardableResult
  public func keepMine(_ yours: Item, over theirs: Item?) async -> Item? {
    let conflict = Destination.editConflict(yours: yours, theirs: theirs)
    return await save(
      yours, ifUnchangedSince: theirs, answering: conflict, notice: notices.keptMine(yours),
      whenRefused: conflict)
  }

  /// Saves `item` unless the store no longer holds `original`, then ends `step` with `notice`;
  /// on a conflict shows it, with what the store holds now. When the store refuses, shows
  /// `whenRefused` if given (the conflict again), else leaves what is shown.
  private func save(
    _ item: Item, ifUnchangedSince original: Item?, answering step: Destination,
    notice: String, whenRefused: Destination?
  ) async -> Item? {
    switch await list.save(item, ifUnchangedSince: original) {
    case .saved:
      finish(step, notice: notice)
      savedEdit = item
      return item
    case .conflict(let current):
      show(.editConflict(yours: item, theirs: current))
    case .failed:
      if let whenRefused { show(whenRefused) }
    }
    return nil
  }

  /// Settles an edit conflict by dropping the person's edit: the other writer's change stays.
  public func keepTheirs() {
    guard case .editConflict(_, let theirs) = destination else { return }
    show(nil, notice: theirs == nil ? notices.staysDeleted : notices.keptTheirs)
  }

  /// Asks whether to delete `item`; ``confirmDeletion(of:)`` deletes it, ``dismiss()`` keeps
  /// it.
  public func askToDelete(_ item: Item) {
    show(.confirmDeletion(item))
  }

  /// Deletes `item`, the value ``askToDelete(_:)`` asked about, and goes back to the list;
  /// `false` when nothing was deleted, with the list's error message set if the store refused.
  @discardableResult
  public func confirmDeletion(of item: Item) async -> Bool {
    let deleted = await list.remove(item.id)
    finish(.confirmDeletion(item), notice: deleted ? notices.deleted(item) : nil)
    return deleted
  }

  /// Closes whatever is shown over the list without doing anything: a cancel, a "no", or a
  /// back button. An edit conflict keeps the other writer's change (``keepTheirs()``), as
  /// nothing of the edit was saved.
  ///
  /// With nothing shown it does nothing, so a dismissal that comes after an action closed
  /// the dialog (as SwiftUI's does) leaves the action's notice alone.
  public func dismiss() {
    guard let destination else { return }
    if case .editConflict = destination { return keepTheirs() }
    show(nil)
  }

  /// Shows `text` as ``notice`` until the person moves on: something learned while opening,
  /// such as damaged bytes a store set aside.
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
  public func finish(_ step: Destination, notice: String?) {
    guard let destination, !destination.isSame(as: step) else {
      return show(nil, notice: notice)
    }
    if storedNotice != notice { storedNotice = notice }
  }

  /// Shows `destination` (`nil`: the list alone) with `notice`; every move clears the last
  /// notice, and calls ``didMove``.
  public func show(_ destination: Destination?, notice: String? = nil) {
    self.destination = destination
    if storedNotice != notice { storedNotice = notice }
    if savedEdit != nil { savedEdit = nil }
    didMove()
  }
}
