// Text given for a field that is not of the field's kind, with the sentence that says so.

import Foundation

/// The text given for a field could not be read as the field's kind.
public struct FieldTextError: Error, Equatable, LocalizedError, Sendable {
  /// The field's label, such as `Pages`.
  public var field: String
  /// What was wrong and what to type instead.
  public var reason: String

  /// An error about `field`, saying `reason`.
  public init(field: String, reason: String) {
    self.field = field
    self.reason = reason
  }

  /// `Pages: “x” is not one; type a whole number, such as 12.`
  public var errorDescription: String? { "\(field): \(reason)" }
}
