// The command line of `Benchmarks`: `[--quick]`, or the hidden `memory-probe` subcommand.

import Foundation

/// What the command line asks for.
///
///     Benchmarks                                       the full suite (`make bench`)
///     Benchmarks --quick                               small sizes (`make bench-quick`)
///     Benchmarks memory-probe <store> <folder> <file>  hidden: run by the suite itself
struct BenchmarkOptions {
  enum Command {
    case suite(BenchmarkSizes)
    case memoryProbe(MemoryProbe)
  }

  /// A command line that is not one of the forms above.
  struct UsageError: Error, CustomStringConvertible {
    var description: String
  }

  let command: Command

  init(arguments: [String]) throws(UsageError) {
    switch arguments.first {
    case nil:
      command = .suite(.full)
    case "--quick" where arguments.count == 1:
      command = .suite(.quick)
    case MemoryProbe.subcommand where arguments.count == 4:
      guard let contender = Contender(rawValue: arguments[1]) else {
        throw UsageError(description: "memory-probe: unknown store \(arguments[1])")
      }
      command = .memoryProbe(
        MemoryProbe(
          contender: contender, folder: URL(fileURLWithPath: arguments[2]), filename: arguments[3]))
    default:
      throw UsageError(description: "usage: Benchmarks [--quick]")
    }
  }
}
