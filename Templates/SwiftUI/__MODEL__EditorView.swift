// The SwiftUI form that adds or edits a value, bound to the editor view model.

#if canImport(SwiftUI)
  import Foundation
  import Models
  import SwiftUI
  import ViewModels

  /// The form: every field of the editor view model, each with its problem under it; a
  /// reference to another model (`make add-relation`) is a picker of that model's values.
  ///
  /// Saving is the page model's decision (`__MODEL__PageModel.startSaving(_:)`), so the sheet
  /// closes only once the value is stored, and stays open with the text when the store
  /// refuses. While the save is under way both buttons wait.
  struct __MODEL__EditorView: View {
    /// The form's text and problems.
    @Bindable var editor: __MODEL__EditorViewModel
    /// Whether the form's save is under way.
    var isSaving = false
    /// Called by Save.
    var onSave: () -> Void
    /// Called by Cancel.
    var onCancel: () -> Void

    var body: some View {
      NavigationStack {
        Form {
          ForEach(__MODEL__EditorViewModel.Field.allCases, id: \.self) { field in
            Section(field.label) {
              switch field {
              // add-relation: pickers
              default:
                TextField(
                  field.label, text: Binding(get: { editor[field] }, set: { editor[field] = $0 }),
                  axis: .vertical)
              }
              if let problem = editor.problems[field] {
                Text(problem).foregroundStyle(.red)
              }
            }
          }
        }
        .navigationTitle(editor.isEditing ? "Edit" : "New __model__")
        .toolbar {
          ToolbarItem(placement: .cancellationAction) {
            Button("Cancel", action: onCancel).disabled(isSaving)
          }
          ToolbarItem(placement: .confirmationAction) {
            Button("Save", action: onSave).disabled(isSaving)
          }
        }
      }
    }
  }

  #Preview {
    __MODEL__EditorView(editor: __MODEL__EditorViewModel(), onSave: {}, onCancel: {})
  }
#endif
