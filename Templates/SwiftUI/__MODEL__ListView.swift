// The SwiftUI list over the generated project's view models: search, add, edit, delete, edit conflicts.

#if canImport(SwiftUI)
  import FlowKit
  import Models
  import Persistence
  import SwiftUI
  import ViewModels

  /// The list of values, with search, a form sheet, a confirmation before a deletion and the
  /// choice an edit conflict offers.
  ///
  /// The flows live in ``__MODEL__PageModel``: this view shows its `destination` as a sheet,
  /// a dialog or an alert, and every button and presentation binding only forwards to the
  /// model (`startDeleting(_:)`, `setShowing(_:_:)`, ...), which the project's
  /// `__MODEL__SwiftUIOrderTests` call in the order SwiftUI does. The app follows the store's
  /// changes once, for every tab (`__NAME__App`), so a change made in another window or
  /// process shows up here at once.
  struct __MODEL__ListView: View {
    /// The page's flows; the app's root model owns it.
    let model: __MODEL__PageModel

    var body: some View {
      @Bindable var list = model.list
      NavigationStack {
        List {
          ForEach(list.items) { item in
            NavigationLink(value: item.id) {
              VStack(alignment: .leading) {
                Text(item.__title__)
                // fields: swiftui-row-tags
                if !item.tags.isEmpty {
                  Text(item.tags.map { "#" + $0 }.joined(separator: " "))
                // fields: end
                    .font(.caption)
                    .foregroundStyle(.secondary)
                }
              }
            }
            .swipeActions {
              Button("Delete", role: .destructive) { model.askToDelete(item) }
            }
          }
        }
        .overlay {
          if list.items.isEmpty {
            ContentUnavailableView(
              list.totalCount == 0 ? "Nothing here yet" : "No matches",
              systemImage: "tray")
          }
        }
        .searchable(text: $list.searchText)
        .navigationTitle("__Models__")
        .navigationDestination(for: UUID.self) { id in
          if let item = list.item(withID: id) {
            __MODEL__DetailView(item: item) { model.edit(item) }
          }
        }
        .toolbar {
          Button("Add", systemImage: "plus") { model.add__MODEL__() }
        }
        .safeAreaInset(edge: .bottom) {
          if let error = list.errorMessage {
            Text(error).foregroundStyle(.red).padding()
          } else if let notice = model.notice {
            Text(notice).foregroundStyle(.secondary).padding()
          }
        }
      }
      .sheet(isPresented: showing(.editor)) {
        if let editor = model.shownEditor {
          __MODEL__EditorView(
            editor: editor, isSaving: model.isSaving, onSave: { model.startSaving(editor) },
            onCancel: { model.dismiss() }
          )
          .interactiveDismissDisabled(model.isSaving)
        }
      }
      .confirmationDialog(
        model.deletionTitle, isPresented: showing(.deletion), titleVisibility: .visible,
        presenting: model.itemToDelete
      ) { item in
        Button("Delete", role: .destructive) { model.startDeleting(item) }
      }
      .alert(
        model.conflictTitle, isPresented: showing(.conflict), presenting: model.conflict
      ) { conflict in
        Button("Keep mine") { model.startKeepingMine(conflict.yours, over: conflict.theirs) }
        Button("Keep theirs", role: .cancel) { model.keepTheirs() }
      } message: { _ in
        Text(model.conflictMessage)
      }
    }

    /// The presentation binding of `presentation`: both halves are the model's.
    private func showing(_ presentation: __MODEL__PageModel.Presentation) -> Binding<Bool> {
      Binding(
        get: { model.isShowing(presentation) },
        set: { model.setShowing(presentation, $0) })
    }
  }

  #Preview {
    __MODEL__ListView(
      model: __MODEL__PageModel(
        list: __MODEL__ListViewModel(
          repository: InMemoryRepository([
            // fields: swiftui-list-preview
            __MODEL__(__title__: "First", tags: ["example"]),
            __MODEL__(__title__: "Second", notes: "Notes"),
            // fields: end
          ]))))
  }
#endif
