// The sentence an `edit` prints when another writer changed the value between its read and its save.

/// Words an edit conflict the same way in every tool built on this module.
///
/// A command-line `edit` reads a value, applies the fields given, and saves only if the store
/// still holds what it read (a conditional save); when it does not, nothing is saved and this
/// sentence says which fields the two versions differ in, so the person can decide.
public enum ConflictReport {
  /// One field in which the stored version and the edit differ.
  public struct Difference: Equatable, Sendable {
    /// The field's name as a person reads it: `Answer`.
    public var field: String
    /// Its value in the version the other writer stored.
    public var theirs: String
    /// Its value in the edit that was not saved.
    public var yours: String

    /// A difference in `field`.
    public init(field: String, theirs: String, yours: String) {
      self.field = field
      self.theirs = theirs
      self.yours = yours
    }
  }

  /// The sentence for an edit of the value called `title` that was not saved, because another
  /// writer changed it (`differences`) or deleted it; `retry` is the command to run again.
  public static func sentence(
    title: String, differences: [Difference], deleted: Bool, retry: String
  ) -> String {
    if deleted {
      return "\"\(title)\" was deleted by another writer while this command ran; nothing was"
        + " saved."
    }
    let fields = differences.map {
      "\($0.field): theirs \"\(TerminalText.excerpt($0.theirs, limit: 200))\", yours"
        + " \"\(TerminalText.excerpt($0.yours, limit: 200))\"."
    }
    return
      (["\"\(title)\" was changed by another writer while this command ran; nothing was saved."]
      + fields + ["Run '\(retry)' again to apply yours to their version."])
      .joined(separator: " ")
  }
}
