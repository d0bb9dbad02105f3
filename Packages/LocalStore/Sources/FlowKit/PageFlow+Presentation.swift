// What SwiftUI views call: the presentation bindings and the buttons that start a step.

/// A SwiftUI view only forwards to these, so the tests that replay SwiftUI's order of events
/// run the code the view runs.
///
/// SwiftUI runs a dialog's button in this order: the button's action, which may start a
/// task; then the presentation binding set to `false`; then the task. So a button that
/// answers a dialog closes it at once and starts a step that is given what it acts on
/// (``startDeleting(_:)``, ``startKeepingMine(_:over:)``), and the binding's `set` then finds
/// nothing to close (``setShowing(_:_:)``). No view needs a `Task { }` of its own.
extension PageFlow {
  /// What SwiftUI presents over the list, each with a presentation binding.
  public enum Presentation: CaseIterable, Sendable {
    /// The sheet with the form (``PageDestination/editor(_:)``).
    case editor
    /// The confirmation dialog before a deletion (``PageDestination/confirmDeletion(_:)``).
    case deletion
    /// The alert of an edit conflict (``PageDestination/editConflict(yours:theirs:)``).
    case conflict
  }

  /// The `get` of `presentation`'s binding: whether ``destination`` shows it.
  public func isShowing(_ presentation: Presentation) -> Bool {
    switch (presentation, destination) {
    case (.editor, .editor), (.deletion, .confirmDeletion), (.conflict, .editConflict): true
    default: false
    }
  }

  /// The `set` of `presentation`'s binding.
  ///
  /// SwiftUI sets it to `false` after any button of a dialog ran, and when the person swipes
  /// a sheet away or presses Escape. When `presentation` is no longer shown (its button
  /// closed it) that does nothing. When it is, it closes it as a cancel would (``dismiss()``):
  /// nothing is deleted, an edit conflict keeps theirs, the form is dropped. A form whose save
  /// is under way stays, for the save to close once its value is stored. `true` does nothing:
  /// the flow opens what it shows.
  public func setShowing(_ presentation: Presentation, _ isShown: Bool) {
    guard !isShown, isShowing(presentation) else { return }
    if presentation == .editor, let form = shownEditor, formBeingSaved === form { return }
    dismiss()
  }

  /// Whether the form's save is under way: the sheet's buttons and its swipe to dismiss wait.
  public var isSaving: Bool { formBeingSaved != nil }

  /// The form the sheet shows, if it shows one.
  public var shownEditor: Form? {
    if case .editor(let form) = destination { form } else { nil }
  }

  /// The value the confirmation asks about, if it asks: the dialog's `presenting` data.
  public var itemToDelete: Item? {
    if case .confirmDeletion(let item) = destination { item } else { nil }
  }

  /// The person's version and the other writer's of the conflict the alert shows, if it
  /// shows one: the alert's `presenting` data.
  public var conflict: (yours: Item, theirs: Item?)? {
    if case .editConflict(let yours, let theirs) = destination { (yours, theirs) } else { nil }
  }

  /// The form's Save button: starts saving `form` (``saveEditor(_:)``) and returns the task.
  /// The sheet stays until the value is stored; a second Save while the first is under way
  /// does nothing.
  @discardableResult
  public func startSaving(_ form: Form) -> Task<Item?, Never> {
    guard formBeingSaved !== form else { return Task { nil } }
    formBeingSaved = form
    return Task { await saveEditor(form) }
  }

  /// The confirmation's Delete button: closes the confirmation and starts deleting `item`
  /// (``confirmDeletion(of:)``); returns the task.
  @discardableResult
  public func startDeleting(_ item: Item) -> Task<Bool, Never> {
    if isShowing(.deletion) { show(nil) }
    return Task { await confirmDeletion(of: item) }
  }

  /// The conflict alert's Keep mine button: closes the alert and starts saving `yours` over
  /// `theirs` (``keepMine(_:over:)``), which shows the conflict again if `theirs` is no longer
  /// what the store holds; returns the task.
  @discardableResult
  public func startKeepingMine(_ yours: Item, over theirs: Item?) -> Task<Item?, Never> {
    if isShowing(.conflict) { show(nil) }
    return Task { await keepMine(yours, over: theirs) }
  }
}
