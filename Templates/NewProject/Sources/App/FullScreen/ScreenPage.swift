// What the full-screen app needs from one model's page of flows, whatever the model.

import Foundation
import Models

/// One model's page as the terminal app drives it: rows to draw, text to search, and the
/// flows of its page model (form, confirmation, edit conflict).
///
/// Each model's `…PageModel` conforms in a small file of its own, so ``ListScreen`` and
/// ``ListFrame`` serve every model and `make add-model` adds only that file and a line in
/// ``ListScreen/pages(of:)``.
@MainActor protocol ScreenPage: AnyObject {
  /// The page's name in the title bar, such as `Recipes`.
  var title: String { get }
  /// The name of one value, for the add form's title: `Recipe` ("New Recipe").
  var itemName: String { get }
  /// The values shown, in order, after the search.
  var rows: [PageRow] { get }
  /// How many values the store holds, whatever the search.
  var totalCount: Int { get }
  /// Words that every shown row contains.
  var searchText: String { get set }
  /// Why the last action failed, if it did.
  var errorMessage: String? { get }
  /// A sentence about the last action that worked.
  var notice: String? { get }
  /// What is shown over the list.
  var overlay: PageOverlay { get }

  /// Opens the empty form.
  func add()
  /// Opens the form on the value with `id`.
  func edit(_ id: UUID)
  /// Asks whether to delete the value with `id`.
  func askToDelete(_ id: UUID)
  /// Deletes the value asked about.
  func deleteAskedAbout() async
  /// Sets the text of the form's field at `index`.
  func setText(_ text: String, ofField index: Int)
  /// Saves the form; the id saved, or `nil` when the form stays open or a conflict opened.
  func saveForm() async -> UUID?
  /// Settles an edit conflict with the person's version; the id saved, if it was.
  func keepMyVersion() async -> UUID?
  /// Settles an edit conflict with the other writer's version.
  func keepTheirs()
  /// Closes what is shown over the list.
  func dismiss()
  /// Clears the notice once the person moved on.
  func dismissNotice()
  /// Keeps the rows current until the calling task is cancelled.
  func followChanges() async
}

/// One row of the list.
struct PageRow: Equatable {
  /// The value's id.
  var id: UUID
  /// The line shown in the list.
  var title: String
  /// Its tags, shown to the right.
  var tags: [String]
  /// The text shown under the list for the selected row.
  var detail: String
}

/// A form's fields as typed, and their problems.
struct FormState: Equatable {
  /// One field of the form.
  struct Field: Equatable {
    /// Its label, such as `Title`.
    var label: String
    /// The text as typed.
    var text: String
    /// Why it cannot be saved yet, if it cannot.
    var problem: String?
  }

  /// Whether the form edits a stored value.
  var isEditing: Bool
  /// The fields, in order.
  var fields: [Field]
}

/// What a page shows over its list.
enum PageOverlay: Equatable {
  /// Nothing: the list alone.
  case none
  /// The form.
  case editor(FormState)
  /// "Delete? y/n" about the value with this title.
  case confirmDeletion(title: String)
  /// Another writer changed (or deleted) the value saved from the form.
  case conflict(title: String, deleted: Bool, differences: [FieldDifference])
}
