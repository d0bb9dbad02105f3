// The flows over the list of __model__ values: the shared page flow, with this model's form, words and store.

import FlowKit
import Foundation
import LocalStore
import Models
import Observation
import Persistence

/// The __model__ values as a person moves through them: the list, and whatever is shown over
/// it (the form, the confirmation before a deletion, an edit conflict).
///
/// The flows are `FlowKit`'s ``/FlowKit/PageFlow``, the same code in every app that the
/// store's package serves: what the person does (``/FlowKit/PageFlow/saveEditor(_:)``,
/// ``/FlowKit/PageFlow/askToDelete(_:)``, ``/FlowKit/PageFlow/confirmDeletion(of:)``,
/// ``/FlowKit/PageFlow/keepMine(_:over:)``, ...), what is shown
/// (``/FlowKit/PageFlow/destination``, ``/FlowKit/PageFlow/notice``), and the buttons and
/// bindings of the SwiftUI views. What is
/// about __model__ values is here: opening their store, the form (``add__MODEL__()``,
/// ``edit(_:)``), the fields that differ in a conflict, the sentences.
public typealias __MODEL__PageModel = PageFlow<
  __MODEL__ListViewModel, __MODEL__EditorViewModel, Never
>

extension PageFlow
where List == __MODEL__ListViewModel, Form == __MODEL__EditorViewModel, Screen == Never {
  /// The file of the store of __model__ values, in the app's data folder.
  nonisolated public static var storeFilename: String { __MODEL__Store.filename }

  /// The flows over `list`, naming a value by its __title__.
  public convenience init(list: __MODEL__ListViewModel) {
    self.init(list: list, notices: PageNotices { $0.__title__ })
  }

  /// Opens the store of __model__ values in `folder` without blocking the calling thread (see
  /// `__MODEL__Store.open`), and the page over it. A warning the store gave as it opened
  /// (damaged bytes it set aside) becomes the page's notice.
  public static func open(
    in folder: URL, configuration: StoreConfiguration = StoreConfiguration()
  ) async throws -> __MODEL__PageModel {
    let store = try await __MODEL__Store.open(in: folder, configuration: configuration)
    let page = __MODEL__PageModel(list: __MODEL__ListViewModel(repository: store.repository))
    if let warning = store.warnings.first { page.showNotice(warning.message) }
    return page
  }

  /// Reads the list, then keeps it current until the calling task is cancelled; a SwiftUI
  /// front end calls it from `.task`.
  public func followChanges() async {
    await list.followChanges()
  }

  /// The fields that differ between the person's version and the other writer's, during an
  /// edit conflict; every field when the other writer deleted the value.
  /// A reference shows the name of what it refers to, not its id (`make add-relation` adds
  /// each).
  public var conflictingFields: [FieldDifference] {
    guard let (yours, theirs) = conflict else { return [] }
    let differences =
      theirs.map { yours.differences(from: $0) }
      ?? yours.editableFields.map {
        FieldDifference(field: $0.label, yours: $0.text, theirs: "(deleted)")
      }
    // add-relation: conflict names
    return differences
  }

  /// Opens an empty form to add a value.
  public func add__MODEL__() {
    show(.editor(list.form(editing: nil)))
  }

  /// Opens the form on `item` to edit it.
  public func edit(_ item: __MODEL__) {
    show(.editor(list.form(editing: item)))
  }
}
