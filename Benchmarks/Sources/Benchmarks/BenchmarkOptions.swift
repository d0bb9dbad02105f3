// The command line of `Benchmarks`: `[--quick] [--only ROWS]`, or a hidden child's subcommand.

import Foundation

/// What the command line asks for.
///
///     Benchmarks                                  every row, at full sizes (`make bench`)
///     Benchmarks --quick                          every row, at small sizes (`make bench-quick`)
///     Benchmarks --only durable,lossy             only those rows (or BENCH_ONLY=durable,lossy)
///     Benchmarks --help                           the rows and what each measures
///     Benchmarks memory-probe <opening> <folder>  hidden: run by the suite itself
///     Benchmarks --burn <seconds>                 hidden: a busy process of the loaded row
///     Benchmarks --lossy-loop <folder> <seconds>  hidden: the other writer of the fairness row
struct BenchmarkOptions {
  enum Command {
    /// The suite at these sizes; `rows` is `nil` for every row and the other checks.
    case suite(BenchmarkSizes, rows: Set<BenchmarkRow>?)
    case help
    case memoryProbe(MemoryProbe)
    case burn(BusyProcess)
    case lossyLoop(LossyLoopProcess)
    case firstPageProbe(FirstPageProbe)
  }

  /// A command line that is not one of the forms above.
  struct UsageError: Error, CustomStringConvertible {
    var description: String
  }

  /// The environment variable that selects rows when `--only` is not given.
  static let rowsVariable = "BENCH_ONLY"

  let command: Command

  init(arguments: [String], environment: [String: String]) throws(UsageError) {
    switch arguments.first {
    case MemoryProbe.subcommand:
      guard arguments.count == 3, let opening = Opening(rawValue: arguments[1]) else {
        throw UsageError(description: "usage: Benchmarks memory-probe <opening> <folder>")
      }
      command = .memoryProbe(
        MemoryProbe(opening: opening, folder: URL(fileURLWithPath: arguments[2])))
      return
    case FirstPageProbe.subcommand:
      guard arguments.count == 3, let store = SQLiteStoreReport.Store(rawValue: arguments[1]) else {
        throw UsageError(description: "usage: Benchmarks first-page-probe <store> <folder>")
      }
      command = .firstPageProbe(
        FirstPageProbe(store: store, folder: URL(fileURLWithPath: arguments[2])))
      return
    case BusyProcess.flag:
      guard arguments.count == 2, let seconds = Int(arguments[1]), seconds > 0 else {
        throw UsageError(description: "usage: Benchmarks \(BusyProcess.flag) <seconds>")
      }
      command = .burn(BusyProcess(seconds: seconds))
      return
    case LossyLoopProcess.flag:
      guard arguments.count == 3, let seconds = Int(arguments[2]), seconds > 0 else {
        throw UsageError(
          description: "usage: Benchmarks \(LossyLoopProcess.flag) <folder> <seconds>")
      }
      command = .lossyLoop(
        LossyLoopProcess(folder: URL(fileURLWithPath: arguments[1]), seconds: seconds))
      return
    default:
      break
    }
    var sizes = BenchmarkSizes.full
    var only = environment[Self.rowsVariable].flatMap { $0.isEmpty ? nil : $0 }
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--quick":
        sizes = .quick
      case "--only":
        guard let list = rest.popFirst() else { throw Self.usage("--only needs a list of rows") }
        only = list
      case _ where argument.hasPrefix("--only="):
        only = String(argument.dropFirst("--only=".count))
      case "--help", "-h":
        command = .help
        return
      default:
        throw Self.usage("unknown argument \(argument)")
      }
    }
    command = .suite(sizes, rows: try only.map(Self.rows))
  }

  /// The rows named in `list`, separated by commas or spaces.
  private static func rows(_ list: String) throws(UsageError) -> Set<BenchmarkRow> {
    var rows = Set<BenchmarkRow>()
    for name in list.split(whereSeparator: { $0 == "," || $0 == " " }) {
      guard let row = BenchmarkRow(rawValue: String(name)) else {
        throw usage("unknown row \(name)")
      }
      rows.insert(row)
    }
    guard !rows.isEmpty else { throw usage("--only needs at least one row") }
    return rows
  }

  private static func usage(_ problem: String) -> UsageError {
    UsageError(description: "\(problem)\n\(help)")
  }

  /// The usage line and every row, printed by `--help` and after a usage error.
  static var help: String {
    let width = BenchmarkRow.allCases.map(\.rawValue.count).max() ?? 0
    let rows = BenchmarkRow.allCases.map { row in
      "  " + row.rawValue + String(repeating: " ", count: width - row.rawValue.count + 2)
        + row.summary
    }
    return
      ([
        "usage: Benchmarks [--quick] [--only ROW,ROW...]   (or \(rowsVariable)=ROW,ROW)",
        "rows:",
      ] + rows).joined(separator: "\n")
  }
}
