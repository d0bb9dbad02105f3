// One data folder of a tool that syncs, run as a person runs it against a test Kinto: the password only in the environment, never printed.

import Foundation

/// A data folder of a tool built on the store's package, and the tool run on it as a child
/// process (killed after 60 s) against ``server``: the password goes in the environment
/// variable the tool reads, and a run that prints it fails.
///
/// Two of them are two devices: each syncs its folder with the same server.
public struct SyncingFolder: Sendable {
  /// The device's data folder.
  public let folder: TemporaryDirectory
  /// The server both devices sync with.
  public let server: KintoTestServer
  /// The tool, and the variable that names its data folder (unset for every run).
  public let command: DataFolderCommand
  /// The variable the tool reads its password from, such as `GARDEN_SYNC_PASSWORD`.
  public let passwordVariable: String

  /// A new, empty folder whose name starts with `name`, for `command` syncing with `server`.
  public init(
    _ name: String, command: DataFolderCommand, passwordVariable: String,
    server: KintoTestServer
  ) throws {
    folder = try TemporaryDirectory(prefix: name)
    self.server = server
    self.command = command
    self.passwordVariable = passwordVariable
  }

  /// Runs `<tool> --data-dir <folder> <arguments>`, with `password` in the environment or
  /// none.
  ///
  /// - Throws: ``SyncingFolderError`` when the run printed the server's password anywhere.
  public func run(_ arguments: [String], password: String? = nil) async throws -> ChildProcessResult
  {
    let result = try await ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/timeout"),
      ["60", BuiltProducts.executable(command.product).path, "--data-dir", folder.url.path]
        + arguments,
      environment: [command.dataFolderVariable: nil, "NO_COLOR": nil, passwordVariable: password])
    if result.standardOutput.contains(server.password)
      || result.standardError.contains(server.password)
    {
      throw SyncingFolderError(arguments: arguments)
    }
    return result
  }

  /// The first sync, with the server, the user and the password given.
  public func syncFirst() async throws -> ChildProcessResult {
    try await run(
      ["sync", "--server", server.url.absoluteString, "--user", server.user],
      password: server.password)
  }

  /// A later sync, with nothing given: the tool remembers the server, user and password.
  public func sync() async throws -> ChildProcessResult { try await run(["sync"]) }
}
