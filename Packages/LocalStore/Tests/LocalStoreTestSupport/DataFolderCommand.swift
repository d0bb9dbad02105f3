// Runs a built command-line program of the package on a data folder, one process per command.

import Foundation

/// A built executable of the package that takes `--data-dir <folder>`, run as a child process
/// to completion on a given folder, as a person runs it: without colour and without the data
/// folder the environment may name.
public struct DataFolderCommand: Sendable {
  /// The executable's product name.
  public let product: String
  /// The environment variable that names its data folder, unset for every run.
  public let dataFolderVariable: String

  /// A command for the product `product`, whose data folder `dataFolderVariable` names.
  public init(_ product: String, dataFolderVariable: String) {
    self.product = product
    self.dataFolderVariable = dataFolderVariable
  }

  /// Runs `<product> --data-dir <folder> <arguments>`; `environment` adds variables (such as
  /// `LD_PRELOAD`).
  public func run(
    in folder: URL, _ arguments: [String], environment: [String: String?] = [:]
  ) async throws -> ChildProcessResult {
    var variables: [String: String?] = [dataFolderVariable: nil, "NO_COLOR": "1"]
    variables.merge(environment) { $1 }
    return try await ChildProcess.run(
      BuiltProducts.executable(product), ["--data-dir", folder.path] + arguments,
      environment: variables)
  }

  /// The `field` of each object of the JSON array that `arguments` printed, or `nil` when the
  /// run failed or printed no such array; and the run.
  public func listed(
    _ field: String, in folder: URL, by arguments: [String]
  ) async throws -> (values: [String]?, result: ChildProcessResult) {
    let result = try await run(in: folder, arguments)
    guard result.status == 0,
      let list = try? JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        as? [[String: Any]]
    else { return (nil, result) }
    return (list.compactMap { $0[field] as? String }, result)
  }
}
