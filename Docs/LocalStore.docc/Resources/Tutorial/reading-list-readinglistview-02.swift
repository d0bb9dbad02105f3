// The reading list screen in SwiftUI: it reads the model and calls its methods, nothing else.

#if canImport(SwiftUI)
  import SwiftUI

  public struct ReadingListView: View {
    @State private var model: ReadingListModel
    @State private var newTitle = ""

    public init(model: ReadingListModel) {
      _model = State(initialValue: model)
    }

    public var body: some View {
      List {
        TextField("Add a book", text: $newTitle)
          .onSubmit {
            Task {
              if await model.addBook(title: newTitle) { newTitle = "" }
            }
          }
        ForEach(model.books) { book in
          Button {
            Task { await model.markFinished(book.id) }
          } label: {
            Label(book.title, systemImage: book.isFinished ? "checkmark.circle" : "book")
          }
        }
        .onDelete { offsets in
          let ids = Set(offsets.map { model.books[$0].id })
          Task { await model.removeBooks(ids) }
        }
      }
      // Runs while the list is on screen; SwiftUI cancels it when the list goes away.
      .task { await model.followChanges() }
      .alert(
        "Something went wrong",
        isPresented: Binding(
          get: { model.errorMessage != nil }, set: { if !$0 { model.dismissError() } })
      ) {
        Button("OK") {}
      } message: {
        Text(model.errorMessage ?? "")
      }
    }
  }

  #Preview {
    ReadingListView(
      model: ReadingListModel(
        repository: Library.inMemory([Book(title: "Structure and Interpretation")]).books))
  }
#endif
