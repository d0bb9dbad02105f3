// What every workload shares: the sizes of the run, the scratch folder, a progress line.

import Foundation

/// The settings and the folder of one run, handed to each workload.
struct BenchmarkContext: Sendable {
  let sizes: BenchmarkSizes
  let scratch: ScratchFolder

  /// Prints `text` on standard error, so that standard output holds only the results.
  func progress(_ text: String) {
    FileHandle.standardError.write(Data("  \(text)\n".utf8))
  }
}
