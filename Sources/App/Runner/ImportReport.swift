// What an import did, as a sentence or as the JSON that `--json` prints.

/// The outcome of `questions import`.
nonisolated struct ImportReport: Encodable, Equatable {
  /// The file read, as typed, or `<stdin>`.
  var file: String
  /// `json` or `csv`.
  var format: String
  /// The questions saved: one per distinct id among the valid rows.
  var imported: Int
  /// Those whose id was not in the store.
  var added: Int
  /// Those that replaced a stored question with the same id.
  var replaced: Int
  /// Valid rows that repeated the id of an earlier row of the file; the later row was kept.
  var merged: Int
  /// Invalid rows left out with `--skip-invalid`.
  var skipped: Int

  /// `Imported 100000 questions from big.csv: 99990 added, 10 replaced.` and the merged and
  /// skipped rows, if any, each in a sentence of its own.
  var sentence: String {
    var text =
      "Imported \(imported) \(imported == 1 ? "question" : "questions") from \(file): \(added)"
      + " added, \(replaced) replaced."
    if merged > 0 {
      text +=
        " \(merged) \(merged == 1 ? "row repeated" : "rows repeated") the id of an earlier row;"
        + " the later row was kept."
    }
    if skipped > 0 {
      text += " Skipped \(skipped) invalid \(skipped == 1 ? "row" : "rows")."
    }
    return text + "\n"
  }
}
