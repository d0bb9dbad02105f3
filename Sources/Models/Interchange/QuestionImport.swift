// Reads a file of questions in either format into a plan, validating every row before any is kept.

import Foundation

/// The entry point of an import: a file's bytes in, an ``ImportPlan`` out.
///
/// Nothing here touches a store. The caller saves ``ImportPlan/questions`` with one batch
/// save, only if ``ImportPlan/problems`` is empty or the user chose to skip bad rows.
public enum QuestionImport {
  /// Reads every row of `data`.
  ///
  /// - Parameters:
  ///   - data: The file's contents.
  ///   - format: How to read it; see ``InterchangeFormat/sniff(_:)`` to guess.
  ///   - now: The creation date of the last row that gives none; earlier rows without one
  ///     get the milliseconds before it, in file order.
  ///   - progress: Called every ``InterchangeProgress/interval`` rows and at the end, on the
  ///     calling thread.
  /// - Returns: The valid questions, merged by id (the later row wins), and every bad row.
  /// - Throws: ``InterchangeError/malformedFile(line:reason:)`` when the file as a whole
  ///   cannot be read: not JSON, a bad CSV header, a store file of another version.
  public static func plan(
    _ data: Data, format: InterchangeFormat, now: Date = .now,
    progress: @escaping (InterchangeProgress) -> Void = { _ in }
  ) throws(InterchangeError) -> ImportPlan {
    let bytes = [UInt8](data)
    switch format {
    case .csv: return try QuestionCSV.plan(bytes, now: now, progress: progress)
    case .json: return try QuestionJSON.plan(data, bytes: bytes, now: now, progress: progress)
    }
  }
}
