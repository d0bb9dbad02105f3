// The SwiftUI form that adds or edits a value, bound to the editor view model.

#if canImport(SwiftUI)
  import SwiftUI
  import ViewModels

  /// The form: title, notes and comma-separated tags, with the model's problem under the title.
  ///
  /// Saving is the root model's decision (``__NAME__Model/saveEditor()``), so the sheet closes
  /// only once the value is stored, and stays open with the text when the store refuses.
  struct __MODEL__EditorView: View {
    /// The form's text and problem.
    @Bindable var editor: __MODEL__EditorViewModel
    /// Called by Save.
    var onSave: () -> Void
    /// Called by Cancel.
    var onCancel: () -> Void

    var body: some View {
      NavigationStack {
        Form {
          Section {
            TextField("Title", text: $editor.title)
            if let problem = editor.problem {
              Text(problem).foregroundStyle(.red)
            }
          }
          Section("Notes") {
            TextField("Notes", text: $editor.notes, axis: .vertical)
          }
          Section("Tags") {
            TextField("Comma-separated", text: $editor.tags)
          }
        }
        .navigationTitle(editor.isEditing ? "Edit" : "New __model__")
        .toolbar {
          ToolbarItem(placement: .cancellationAction) { Button("Cancel", action: onCancel) }
          ToolbarItem(placement: .confirmationAction) { Button("Save", action: onSave) }
        }
      }
    }
  }

  #Preview {
    __MODEL__EditorView(editor: __MODEL__EditorViewModel(), onSave: {}, onCancel: {})
  }
#endif
