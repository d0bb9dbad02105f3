// What an export to a file did, as the JSON that `--json` prints.

/// The outcome of `questions export <file>`.
nonisolated struct ExportReport: Encodable, Equatable {
  /// The number of questions written.
  var exported: Int
  /// The file written, as typed.
  var file: String
  /// `json` or `csv`.
  var format: String
}
