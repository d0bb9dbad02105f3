// Opening an existing store of 100,000 items and reading all of it into memory.

import Foundation

/// Times the cold open of each store written by ``BatchWorkload``.
///
/// "Cold" means a new repository (or database connection) with nothing in memory; the file
/// itself is in the page cache, having just been written, so this measures decoding, not
/// the disk.
struct ColdOpenWorkload {
  let context: BenchmarkContext
  let folders: [Contender: URL]

  /// Opens every store once untimed, then times the opens in rounds, one open of each kind
  /// per round: a first open in the process pays for one-time setup (type metadata, the
  /// decoding threads), and taking turns puts every store under the same machine, as the
  /// sequential saves do.
  func run() async throws -> [BenchmarkResults.OpenRow] {
    let openings = Opening.allCases.filter { folders[$0.contender] != nil }
    var samples = Array(repeating: DurationSamples(), count: openings.count)
    for round in -1..<context.sizes.coldOpenRuns {
      context.progress(round < 0 ? "cold open: warm-up" : "cold open: round \(round + 1)")
      for (index, opening) in openings.enumerated() {
        guard let folder = folders[opening.contender] else { continue }
        let (count, duration) = try await opening.openAndCount(in: folder)
        guard count == context.sizes.batchSize else {
          throw BenchmarkError.wrongCount(
            opening.contender, expected: context.sizes.batchSize, found: count)
        }
        if round >= 0 { samples[index].append(duration) }
      }
    }
    return zip(openings, samples).map { opening, samples in
      BenchmarkResults.OpenRow(
        opening: opening, items: context.sizes.batchSize, runs: samples.count,
        medianSeconds: samples.median.seconds)
    }
  }
}
