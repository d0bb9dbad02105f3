// The SwiftUI list over the generated project's view models: search, add, delete with a confirmation.

#if canImport(SwiftUI)
  import Models
  import Persistence
  import SwiftUI
  import ViewModels

  /// The list of values, with search, a form sheet and a confirmation before a deletion.
  ///
  /// The flows live in ``__NAME__Model``: this view shows its `destination` as a sheet or a
  /// dialog and calls the methods named after what the person does, as the terminal list does.
  struct __MODEL__ListView: View {
    @State private var model: __NAME__Model

    /// A list over `model`; the view owns it for its lifetime.
    init(model: __NAME__Model) {
      _model = State(initialValue: model)
    }

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
        .navigationTitle("__NAME__")
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
      .task { await model.load() }
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
      model: __NAME__Model(
        list: __MODEL__ListViewModel(
          repository: InMemoryRepository([
            __MODEL__(title: "First", tags: ["example"]),
            __MODEL__(title: "Second", notes: "Notes"),
          ]))))
  }
#endif
