// The state behind the form that adds a __model__ or edits one: the typed text of every field and its problems.

import FlowKit
import Foundation
import Models
import Observation

/// The add/edit form for one __model__.
///
// fields: editor-doc
/// A front end binds its text fields to ``title``, ``notes`` and ``tags`` (comma-separated, as
// fields: end
/// typed), or walks ``Field/allCases`` with ``subscript(_:)``, and calls
/// ``validatedItem()`` when the person submits. That sets ``problems`` to one sentence per
/// field that needs fixing and returns the value to save, or `nil`. Editing a field clears
/// its problem. The form saves nothing itself: ``__MODEL__PageModel`` does.
@Observable @MainActor
public final class __MODEL__EditorViewModel: ItemForm {
  /// A field of the form, in the order it is shown.
  public enum Field: CaseIterable, Sendable {
    // fields: editor-cases
    /// The one line shown in lists.
    case title
    /// Free text.
    case notes
    /// Comma-separated tags.
    case tags

    /// The field's label, as the form and a conflict prompt show it.
    public var label: String {
      switch self {
      case .title: "Title"
      case .notes: "Notes"
      case .tags: "Tags"
      // add-relation: labels
      }
    }
    // fields: end
    // add-relation: cases
  }

  // fields: editor-properties
  /// The title as typed.
  public var title: String {
    didSet { clearProblem(.title, ifChangedFrom: oldValue, to: title) }
  }
  /// The notes as typed.
  public var notes: String {
    didSet { clearProblem(.notes, ifChangedFrom: oldValue, to: notes) }
  }
  /// The tags as typed, separated by commas.
  public var tags: String {
    didSet { clearProblem(.tags, ifChangedFrom: oldValue, to: tags) }
  }
  // fields: end
  // add-relation: properties
  /// A sentence per field that kept the last ``validatedItem()`` from succeeding.
  public private(set) var problems: [Field: String] = [:]

  /// Whether the form edits a stored value rather than adding one.
  public var isEditing: Bool { original != nil }

  /// The value the form was opened on, as it was then; `nil` when adding one.
  ///
  /// Saving compares it with what the store holds now, so an edit never silently undoes a
  /// change another writer made meanwhile.
  public var startedFrom: __MODEL__? { original }

  @ObservationIgnored private let original: __MODEL__?

  /// An empty form, or one filled with `item` to edit it.
  public init(editing item: __MODEL__? = nil) {
    original = item
    // fields: editor-init
    title = item?.title ?? ""
    notes = item?.notes ?? ""
    tags = item?.tags.joined(separator: ", ") ?? ""
    // fields: end
  }

  /// The text of `field`, for a front end that walks the fields in order.
  public subscript(field: Field) -> String {
    get {
      switch field {
      // fields: editor-subscript-get
      case .title: title
      case .notes: notes
      case .tags: tags
      // add-relation: subscript get
      // fields: end
      }
    }
    set {
      switch field {
      // fields: editor-subscript-set
      case .title: title = newValue
      case .notes: notes = newValue
      case .tags: tags = newValue
      // add-relation: subscript set
      // fields: end
      }
    }
  }

  /// The value the form describes, keeping the id and creation time of one being edited; `nil`
  /// with ``problems`` set when the text breaks a rule.
  public func validatedItem() -> __MODEL__? {
    do {
      // fields: editor-validate
      var item = try __MODEL__.validated(
        title: title, notes: notes, tags: __MODEL__.tags(fromList: tags),
        id: original?.id ?? UUID(), createdAt: original?.createdAt ?? .now)
      // fields: end
      guard link(&item) else { return nil }
      if !problems.isEmpty { problems = [:] }
      return item
    } catch {
      let found: [Field: String] = [Self.field(of: error): error.errorDescription ?? "\(error)"]
      if problems != found { problems = found }
      return nil
    }
  }

  /// The field a content error is about.
  private static func field(of error: __MODEL__Error) -> Field {
    switch error {
    // fields: editor-error-field
    case .blankTitle: .title
    // fields: end
    }
  }

  /// Sets `item`'s references to values of other models from their fields' text; `false`, with
  /// the field's problem set, when a text names none of them (`make add-relation` adds each).
  private func link(_ item: inout __MODEL__) -> Bool {
    // add-relation: links
    return true
  }

  private func clearProblem(_ field: Field, ifChangedFrom old: String, to new: String) {
    if new != old, problems[field] != nil { problems[field] = nil }
  }
}
