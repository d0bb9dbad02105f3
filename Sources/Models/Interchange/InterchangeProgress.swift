// How far an import or export has got, reported to a callback every so many rows.

/// The progress of reading or writing a file of questions.
public struct InterchangeProgress: Equatable, Sendable {
  /// The rows read or written so far.
  public var rows: Int
  /// The share of the work done, from 0 to 1.
  public var fraction: Double

  /// Creates a progress report.
  public init(rows: Int, fraction: Double) {
    self.rows = rows
    self.fraction = fraction
  }

  /// How many rows pass between two reports; a report also comes at the end.
  public static let interval = 1_000
}
