// The SwiftUI detail of one value: every editable field and the creation date, with an Edit button.

#if canImport(SwiftUI)
  import Models
  import SwiftUI

  /// Every field of one value.
  struct __MODEL__DetailView: View {
    /// The value shown.
    let item: __MODEL__
    /// Called when the person asks to edit it.
    var onEdit: () -> Void

    var body: some View {
      Form {
        ForEach(item.editableFields.filter { !$0.text.isEmpty }, id: \.label) { field in
          Section(field.label) { Text(field.text) }
        }
        Section("Created") { Text(item.createdAt, format: .dateTime) }
      }
      .navigationTitle(item.__title__)
      .toolbar {
        Button("Edit", action: onEdit)
      }
    }
  }

  #Preview {
    NavigationStack {
      // fields: swiftui-detail-preview
      __MODEL__DetailView(item: __MODEL__(__title__: "Example", notes: "Notes", tags: ["a"])) {}
      // fields: end
    }
  }
#endif
