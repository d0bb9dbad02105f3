// Carries an import's progress callback into `JSONDecoder`, which calls back once per element.

import Foundation

/// Reports progress from inside a decode, through the decoder's `userInfo`.
///
/// `@unchecked Sendable` because `userInfo` may require `Sendable` values while the callback
/// is not: the decoder calls it synchronously, on the thread that called `decode`, so it
/// never crosses a thread.
final class DecodingProgressRelay: @unchecked Sendable {
  /// The `userInfo` key it is stored under.
  static let key = CodingUserInfoKey(rawValue: "QuestionImport.progress")

  private let total: Int
  private let report: (InterchangeProgress) -> Void

  init(total: Int, report: @escaping (InterchangeProgress) -> Void) {
    self.total = total
    self.report = report
  }

  /// Called with the index of each element as it is decoded.
  func elementDecoded(at index: Int) {
    let done = index + 1
    guard done % InterchangeProgress.interval == 0 else { return }
    report(InterchangeProgress(rows: done, fraction: Double(done) / Double(max(total, done))))
  }
}
