// The text form of each kind of field a model can have, both ways: what a form and the command line show, and what they read.

import Foundation

/// Reads and writes the text of a field of one of the kinds `FIELDS` offers: `String`, `Int`,
/// `Double`, `Bool`, `Date` and `[String]`, each possibly optional.
///
/// A form holds every field as text and the command line takes every option as text, so both
/// go through these: the value shown is the value read back, and a wrong one is refused with
/// the same sentence in both.
public enum FieldText {
  /// A kind of field whose text can be wrong.
  public enum Kind: Sendable {
    /// A whole number.
    case int
    /// A number, possibly with a fraction.
    case double
    /// Yes or no.
    case bool
    /// A day or a moment.
    case date
  }

  /// What an error says after quoting text that is not of `kind`.
  public static func reason(for kind: Kind) -> String {
    switch kind {
    case .int: "is not a whole number; type one such as 12."
    case .double: "is not a number; type one such as 2.5."
    case .bool: "is neither yes nor no; type one of them."
    case .date: "is not a date; type one such as 2026-11-29 or 2026-11-29T08:30:00Z."
    }
  }

  /// The text itself; empty when absent.
  public static func text(_ value: String?) -> String { value ?? "" }
  /// `12`; empty when absent.
  public static func text(_ value: Int?) -> String { value.map(String.init) ?? "" }
  /// `2.5`; empty when absent.
  public static func text(_ value: Double?) -> String { value.map { "\($0)" } ?? "" }
  /// `yes` or `no`; empty when absent.
  public static func text(_ value: Bool?) -> String { value.map { $0 ? "yes" : "no" } ?? "" }
  /// `2026-11-22T07:54:15Z`, in UTC to the millisecond; empty when absent.
  public static func text(_ value: Date?) -> String { value.map(Timestamp.format) ?? "" }
  /// The words separated by commas; empty when absent.
  public static func text(_ value: [String]?) -> String {
    value?.joined(separator: ", ") ?? ""
  }

  /// The text trimmed, or `nil` when nothing is left.
  public static func string(_ text: String) -> String? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.isEmpty ? nil : trimmed
  }

  /// The whole number `text` holds, `nil` when it is blank.
  ///
  /// - Throws: ``FieldTextError`` naming `field` when it holds anything else.
  public static func int(_ text: String, field: String) throws(FieldTextError) -> Int? {
    try read(text, field: field, kind: .int) { Int($0) }
  }

  /// The number `text` holds, `nil` when it is blank.
  ///
  /// - Throws: ``FieldTextError`` naming `field` when it holds anything else.
  public static func double(_ text: String, field: String) throws(FieldTextError) -> Double? {
    try read(text, field: field, kind: .double) { Double($0).flatMap { $0.isFinite ? $0 : nil } }
  }

  /// Yes or no (`yes`, `no`, `true`, `false`, `y`, `n`, `1`, `0`, in any case), `nil` when
  /// `text` is blank.
  ///
  /// - Throws: ``FieldTextError`` naming `field` when it holds anything else.
  public static func bool(_ text: String, field: String) throws(FieldTextError) -> Bool? {
    try read(text, field: field, kind: .bool) { word in
      switch word.lowercased() {
      case "yes", "y", "true", "1": true
      case "no", "n", "false", "0": false
      default: nil
      }
    }
  }

  /// The date `text` holds, a day (`2026-11-29`, midnight UTC) or an ISO-8601 moment; `nil`
  /// when it is blank.
  ///
  /// - Throws: ``FieldTextError`` naming `field` when it holds anything else.
  public static func date(_ text: String, field: String) throws(FieldTextError) -> Date? {
    try read(text, field: field, kind: .date) { word in
      Timestamp.parse(word) ?? (word.count == 10 ? Timestamp.parse(word + "T00:00:00Z") : nil)
    }
  }

  /// The words of a comma-separated list such as `"quick, vegetarian"`, cleaned.
  public static func list(_ text: String) -> [String] {
    cleaned(text.split(separator: ",").map(String.init))
  }

  /// `words` trimmed, in their order, without empty ones or repeats.
  public static func cleaned(_ words: [String]) -> [String] {
    var seen = Set<String>()
    return words.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
      .filter { !$0.isEmpty && seen.insert($0).inserted }
  }

  /// `text` trimmed and converted, `nil` when blank; the error when `convert` gives `nil`.
  private static func read<Value>(
    _ text: String, field: String, kind: Kind, _ convert: (String) -> Value?
  ) throws(FieldTextError) -> Value? {
    guard let trimmed = string(text) else { return nil }
    guard let value = convert(trimmed) else {
      throw FieldTextError(field: field, reason: "“\(trimmed)” " + reason(for: kind))
    }
    return value
  }
}
