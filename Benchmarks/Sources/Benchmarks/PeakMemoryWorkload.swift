// Peak resident memory of opening 100,000 items, measured in a child process of our own.

import Foundation

/// Runs ``MemoryProbe`` in a new process for each store written by ``BatchWorkload`` and
/// compares the growth of its resident memory with the store's size on disk.
struct PeakMemoryWorkload {
  /// The openings probed: the app's `open` (the target), the blocking `init`, the original
  /// pattern and the `.rewrite` store.
  static let openings: [Opening] = [.original, .journalOpen, .journalInit, .rewrite]

  let context: BenchmarkContext
  let folders: [Contender: URL]

  func run() throws -> [BenchmarkResults.MemoryRow] {
    var rows: [BenchmarkResults.MemoryRow] = []
    for opening in Self.openings {
      let contender = opening.contender
      guard let folder = folders[contender] else { continue }
      context.progress("peak memory: \(opening.label)")
      let report = try probe(opening, in: folder)
      guard report.items == context.sizes.batchSize else {
        throw BenchmarkError.wrongCount(
          contender, expected: context.sizes.batchSize, found: report.items)
      }
      let onDisk = context.scratch.bytes(in: folder)
      let growth = Double(report.peakKiB - report.baselineKiB) * 1024
      rows.append(
        BenchmarkResults.MemoryRow(
          opening: opening, items: report.items, baselineKiB: report.baselineKiB,
          peakKiB: report.peakKiB, residentKiB: report.residentKiB, bytesOnDisk: onDisk,
          ratio: onDisk > 0 ? growth / Double(onDisk) : 0))
    }
    return rows
  }

  /// Starts this same executable as `memory-probe` and decodes the line it prints.
  private func probe(_ opening: Opening, in folder: URL) throws -> MemoryProbe.Report {
    let process = Process()
    process.executableURL =
      Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = [MemoryProbe.subcommand, opening.rawValue, folder.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchmarkError.probeFailed(opening.label, "exit status \(process.terminationStatus)")
    }
    do {
      return try JSONDecoder().decode(MemoryProbe.Report.self, from: data)
    } catch {
      throw BenchmarkError.probeFailed(
        opening.label, "unexpected output \(String(decoding: data, as: UTF8.self))")
    }
  }
}
