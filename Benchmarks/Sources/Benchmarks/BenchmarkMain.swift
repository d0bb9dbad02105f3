// The entry point of `Benchmarks`: runs the suite, or the hidden memory probe in a child process.

import Foundation

@main
enum BenchmarkMain {
  static func main() async {
    let options: BenchmarkOptions
    do {
      options = try BenchmarkOptions(arguments: Array(CommandLine.arguments.dropFirst()))
    } catch {
      FileHandle.standardError.write(Data("\(error)\n".utf8))
      exit(64)
    }
    switch options.command {
    case .suite(let sizes):
      exit(await BenchmarkSuite(sizes: sizes).run())
    case .memoryProbe(let probe):
      exit(await probe.run())
    }
  }
}
