// The __model__ page of the full-screen app: how `__MODEL__PageModel` shows in the terminal.

import Foundation
import Models
import ViewModels

extension __MODEL__PageModel: ScreenPage {
  var title: String { "__Models__" }

  var itemName: String { "__MODEL__" }

  var rows: [PageRow] {
    list.items.map(row)
  }

  /// The list's line for `item`, with the names of the values it refers to.
  func row(_ item: __MODEL__) -> PageRow {
    // fields: screen-rows
    let row = PageRow(id: item.id, title: item.__title__, tags: item.tags, detail: item.notes)
    // fields: end
    // add-relation: row
    return row
  }

  var totalCount: Int { list.totalCount }

  var searchText: String {
    get { list.searchText }
    set { list.searchText = newValue }
  }

  var errorMessage: String? { list.errorMessage }

  var overlay: PageOverlay {
    switch destination {
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
      return .conflict(title: yours.__title__, deleted: theirs == nil, differences: conflictingFields)
    }
  }

  /// What the confirmation before deleting `item` names: its title, and what refers to it.
  func deletionName(_ item: __MODEL__) -> String {
    // add-relation: deletion name
    return item.__title__
  }

  func add() { add__MODEL__() }

  func edit(_ id: UUID) {
    if let item = list.item(withID: id) { edit(item) }
  }

  func askToDelete(_ id: UUID) {
    if let item = list.item(withID: id) { askToDelete(item) }
  }

  func deleteAskedAbout() async {
    guard case .confirmDeletion(let item) = destination else { return }
    await confirmDeletion(of: item)
  }

  func setText(_ text: String, ofField index: Int) {
    guard case .editor(let editor) = destination,
      __MODEL__EditorViewModel.Field.allCases.indices.contains(index)
    else { return }
    editor[__MODEL__EditorViewModel.Field.allCases[index]] = text
  }

  func saveForm() async -> UUID? {
    guard case .editor(let editor) = destination else { return nil }
    return await saveEditor(editor)?.id
  }

  func keepMyVersion() async -> UUID? {
    guard case .editConflict(let yours, let theirs) = destination else { return nil }
    return await keepMine(yours, over: theirs)?.id
  }
}
