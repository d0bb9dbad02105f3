// Opening an existing store of 100,000 items and reading all of it into memory.

import Foundation

/// Times the cold open of each store written by ``BatchWorkload``.
///
/// "Cold" means a new repository (or database connection) with nothing in memory; the file
/// itself is in the page cache, having just been written, so this measures decoding, not
/// the disk.
struct ColdOpenWorkload {
  /// The contenders that have an open: SQLite once, as reading does not depend on
  /// `synchronous`; `.watched` opens and starts following changes, to show what a watcher adds.
  static let contenders: [Contender] = [.original, .journal, .watched, .rewrite, .sqliteFull]

  let context: BenchmarkContext
  let folders: [Contender: URL]

  func run() async throws -> [BenchmarkResults.OpenRow] {
    var rows: [BenchmarkResults.OpenRow] = []
    for contender in Self.contenders {
      guard let folder = folders[contender] else { continue }
      context.progress("cold open: \(contender.label)")
      var samples = DurationSamples()
      for _ in 0..<context.sizes.coldOpenRuns {
        let (count, duration) = try await contender.openAndCount(in: folder)
        guard count == context.sizes.batchSize else {
          throw BenchmarkError.wrongCount(
            contender, expected: context.sizes.batchSize, found: count)
        }
        samples.append(duration)
      }
      rows.append(
        BenchmarkResults.OpenRow(
          contender: contender, items: context.sizes.batchSize, runs: samples.count,
          medianSeconds: samples.median.seconds))
    }
    return rows
  }
}
