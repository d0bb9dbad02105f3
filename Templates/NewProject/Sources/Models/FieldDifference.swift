// One field that two versions of a stored value disagree on, as text a person can compare.

/// A field whose value differs between the version a person edited and the one another
/// writer stored meanwhile.
///
/// A conflict prompt lists these, so the person sees exactly what they would keep or drop.
public struct FieldDifference: Equatable, Sendable {
  /// The field's name as the form labels it, such as `Title`.
  public var field: String
  /// The value in the person's version.
  public var yours: String
  /// The value in the other writer's version.
  public var theirs: String

  /// A difference in `field` between `yours` and `theirs`.
  public init(field: String, yours: String, theirs: String) {
    self.field = field
    self.yours = yours
    self.theirs = theirs
  }
}
