// The state behind the form that adds a __model__ or edits one: the typed text and its problem.

import Foundation
import Models
import Observation

/// The text of a form, checked by the model's rules when it is saved.
@Observable @MainActor
public final class __MODEL__EditorViewModel {
  /// The title as typed.
  public var title: String {
    didSet { if title != oldValue, problem != nil { problem = nil } }
  }
  /// The notes as typed.
  public var notes: String
  /// The tags as typed, separated by commas.
  public var tags: String
  /// Why the text cannot be saved yet, after ``validated__MODEL__()`` found out; cleared by
  /// typing in the title.
  public private(set) var problem: String?

  /// Whether the form edits a stored value rather than adding one.
  public var isEditing: Bool { original != nil }

  @ObservationIgnored private let original: __MODEL__?

  /// An empty form, or one filled with `item` to edit it.
  public init(editing item: __MODEL__? = nil) {
    original = item
    title = item?.title ?? ""
    notes = item?.notes ?? ""
    tags = item?.tags.joined(separator: ", ") ?? ""
  }

  /// The value the form describes, keeping the id and creation time of one being edited; `nil`
  /// with ``problem`` set when the text breaks a rule.
  public func validated__MODEL__() -> __MODEL__? {
    do {
      let item = try __MODEL__.validated(
        title: title, notes: notes, tags: __MODEL__.tags(fromList: tags),
        id: original?.id ?? UUID(), createdAt: original?.createdAt ?? .now)
      if problem != nil { problem = nil }
      return item
    } catch {
      problem = error.errorDescription
      return nil
    }
  }
}
