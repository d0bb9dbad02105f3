// The entry point of `Benchmarks`: runs the suite, or a hidden child's part (memory probe, busy process).

import Foundation

@main
enum BenchmarkMain {
  static func main() async {
    let options: BenchmarkOptions
    do {
      options = try BenchmarkOptions(
        arguments: Array(CommandLine.arguments.dropFirst()),
        environment: ProcessInfo.processInfo.environment)
    } catch {
      FileHandle.standardError.write(Data("\(error)\n".utf8))
      exit(64)
    }
    switch options.command {
    case .suite(let sizes, let rows):
      exit(await BenchmarkSuite(sizes: sizes, rows: rows).run())
    case .help:
      print(BenchmarkOptions.help)
    case .memoryProbe(let probe):
      exit(await probe.run())
    case .burn(let process):
      exit(process.run())
    case .lossyLoop(let process):
      exit(await process.run())
    case .firstPageProbe(let probe):
      exit(await probe.run())
    }
  }
}
