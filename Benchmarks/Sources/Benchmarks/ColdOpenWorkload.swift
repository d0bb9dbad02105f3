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

  /// Opens every store once untimed, then times the opens in rounds, one open of each store
  /// per round: a first open in the process pays for one-time setup (type metadata, the
  /// decoding threads), and taking turns puts every store under the same machine, as the
  /// sequential saves do.
  func run() async throws -> [BenchmarkResults.OpenRow] {
    let contenders = Self.contenders.filter { folders[$0] != nil }
    var samples = Array(repeating: DurationSamples(), count: contenders.count)
    for round in -1..<context.sizes.coldOpenRuns {
      context.progress(round < 0 ? "cold open: warm-up" : "cold open: round \(round + 1)")
      for (index, contender) in contenders.enumerated() {
        guard let folder = folders[contender] else { continue }
        let (count, duration) = try await contender.openAndCount(in: folder)
        guard count == context.sizes.batchSize else {
          throw BenchmarkError.wrongCount(
            contender, expected: context.sizes.batchSize, found: count)
        }
        if round >= 0 { samples[index].append(duration) }
      }
    }
    return zip(contenders, samples).map { contender, samples in
      BenchmarkResults.OpenRow(
        contender: contender, items: context.sizes.batchSize, runs: samples.count,
        medianSeconds: samples.median.seconds)
    }
  }
}
