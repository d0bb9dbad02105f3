// The __model__ page of the full-screen app: how `__MODEL__PageModel` shows in the terminal.

import FlowKit
import Foundation
import Models
import ViewModels

/// The __model__ page as the terminal app drives it: the shared flows of
/// ``/ViewModels/__MODEL__PageModel`` with this model's rows, form fields and words.
final class __MODEL__Screen: ScreenPage {
  /// The flows it shows.
  let page: __MODEL__PageModel

  /// The terminal's page over `page`.
  init(_ page: __MODEL__PageModel) {
    self.page = page
  }

  var title: String { "__Models__" }

  var itemName: String { "__MODEL__" }

  var rows: [PageRow] {
    page.list.items.map(row)
  }

  /// The list's line for `item`, with the names of the values it refers to.
  func row(_ item: __MODEL__) -> PageRow {
    // fields: screen-rows
    let row = PageRow(id: item.id, title: item.__title__, tags: item.tags, detail: item.notes)
    // fields: end
    // add-relation: row
    return row
  }

  var totalCount: Int { page.list.totalCount }

  var searchText: String {
    get { page.list.searchText }
    set { page.list.searchText = newValue }
  }

  var errorMessage: String? { page.list.errorMessage }

  var notice: String? { page.notice }

  var overlay: PageOverlay {
    switch page.destination {
    case nil: return .none
    case .editor(let editor):
      return .editor(
        FormState(
          isEditing: editor.isEditing,
          fields: __MODEL__EditorViewModel.Field.allCases.map {
            FormState.Field(label: $0.label, text: editor[$0], problem: editor.problems[$0])
          }))
    case .confirmDeletion(let item): return .confirmDeletion(title: deletionName(item))
    case .editConflict(let yours, let theirs):
      return .conflict(
        title: yours.__title__, deleted: theirs == nil, differences: page.conflictingFields)
    case .screen: return .none
    }
  }

  /// What the confirmation before deleting `item` names: its title, and what refers to it.
  func deletionName(_ item: __MODEL__) -> String {
    // add-relation: deletion name
    return item.__title__
  }

  func add() { page.add__MODEL__() }

  func edit(_ id: UUID) {
    if let item = page.list.item(withID: id) { page.edit(item) }
  }

  func askToDelete(_ id: UUID) {
    if let item = page.list.item(withID: id) { page.askToDelete(item) }
  }

  func deleteAskedAbout() async {
    guard let item = page.itemToDelete else { return }
    await page.confirmDeletion(of: item)
  }

  func setText(_ text: String, ofField index: Int) {
    guard let editor = page.shownEditor,
      __MODEL__EditorViewModel.Field.allCases.indices.contains(index)
    else { return }
    editor[__MODEL__EditorViewModel.Field.allCases[index]] = text
  }

  func saveForm() async -> UUID? {
    guard let editor = page.shownEditor else { return nil }
    return await page.saveEditor(editor)?.id
  }

  func keepMyVersion() async -> UUID? {
    guard let (yours, theirs) = page.conflict else { return nil }
    return await page.keepMine(yours, over: theirs)?.id
  }

  func keepTheirs() { page.keepTheirs() }

  func dismiss() { page.dismiss() }

  func dismissNotice() { page.dismissNotice() }

  func followChanges() async { await page.followChanges() }
}
