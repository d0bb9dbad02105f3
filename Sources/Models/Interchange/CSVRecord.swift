// One record of a CSV file: its fields and the line it starts on, or what is wrong with it.

/// A record read by ``CSVReader``.
public struct CSVRecord: Equatable, Sendable {
  /// The physical line of the file where the record starts, counting from 1.
  public var line: Int
  /// The fields, with quotes removed and `""` turned into `"`.
  public var fields: [String]
  /// What breaks the CSV rules in this record, such as a quote that is never closed; `nil`
  /// for a well-formed record. The fields are then a best guess.
  public var problem: String?

  /// Creates a record.
  public init(line: Int, fields: [String], problem: String? = nil) {
    self.line = line
    self.fields = fields
    self.problem = problem
  }
}
