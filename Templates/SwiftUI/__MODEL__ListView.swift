// The SwiftUI list over the generated project's view models: search, add, edit, delete, edit conflicts, live changes.

#if canImport(SwiftUI)
  import Models
  import Persistence
  import SwiftUI
  import ViewModels

  /// The list of values, with search, a form sheet, a confirmation before a deletion and the
  /// choice an edit conflict offers.
  ///
  /// The flows live in ``__MODEL__PageModel``: this view shows its `destination` as a sheet, a
  /// dialog or an alert and calls the methods named after what the person does, as the
  /// terminal app does. `.task` follows the store until the view goes away, so a change made
  /// in another window or process shows up at once.
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
                Text(item.title)
                if !item.tags.isEmpty {
                  Text(item.tags.map { "#" + $0 }.joined(separator: " "))
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
          }
        }
      }
      .sheet(isPresented: isShowingEditor) {
        if case .editor(let editor) = model.destination {
          __MODEL__EditorView(
            editor: editor, onSave: { Task { await model.saveEditor() } },
            onCancel: { model.dismiss() })
        }
      }
      .confirmationDialog(
        deletionTitle, isPresented: isConfirmingDeletion, titleVisibility: .visible
      ) {
        Button("Delete", role: .destructive) { Task { await model.confirmDeletion() } }
      }
      .alert(conflictTitle, isPresented: isShowingConflict) {
        Button("Keep mine") { Task { await model.keepMine() } }
        Button("Keep theirs", role: .cancel) { model.keepTheirs() }
      } message: {
        Text(
          model.conflictingFields.map { "\($0.field): yours “\($0.yours)”, theirs “\($0.theirs)”" }
            .joined(separator: "\n"))
      }
      .task { await model.followChanges() }
    }

    private var isShowingConflict: Binding<Bool> {
      Binding(
        get: { if case .editConflict = model.destination { true } else { false } },
        set: { if !$0 { model.dismiss() } })
    }

    private var conflictTitle: String {
      if case .editConflict(let yours, let theirs) = model.destination {
        theirs == nil
          ? "“\(yours.title)” was deleted elsewhere" : "“\(yours.title)” was changed elsewhere"
      } else {
        ""
      }
    }

    private var isShowingEditor: Binding<Bool> {
      Binding(
        get: { if case .editor = model.destination { true } else { false } },
        set: { if !$0 { model.dismiss() } })
    }

    private var isConfirmingDeletion: Binding<Bool> {
      Binding(
        get: { if case .confirmDeletion = model.destination { true } else { false } },
        set: { if !$0 { model.dismiss() } })
    }

    private var deletionTitle: String {
      if case .confirmDeletion(let item) = model.destination {
        "Delete “\(item.title)”?"
      } else {
        ""
      }
    }
  }

  #Preview {
    __MODEL__ListView(
      model: __MODEL__PageModel(
        list: __MODEL__ListViewModel(
          repository: InMemoryRepository([
            __MODEL__(title: "First", tags: ["example"]),
            __MODEL__(title: "Second", notes: "Notes"),
          ]))))
  }
#endif
