// Decides which folder holds the store: `--data-dir`, then `__ENV_PREFIX___DATA_DIR`, then the default.

import Foundation
import Persistence

/// Resolves the data folder from the command line and the environment.
///
/// The first that is set and not empty wins: the `--data-dir` option, the
/// `__ENV_PREFIX___DATA_DIR` environment variable, then ``DataDirectory/url(appName:environment:)``
/// for the app `__EXECUTABLE__`. A relative path is taken relative to the current folder.
nonisolated enum DataDirectoryResolver {
  /// The environment variable that overrides the default folder.
  static let environmentVariable = "__ENV_PREFIX___DATA_DIR"
  /// The name of the app's folder under the platform's data folder.
  static let appName = "__EXECUTABLE__"
  /// The name of the store file inside the folder.
  static let storeFilename = "__EXECUTABLE__.json"

  /// The folder to use, as an absolute file URL.
  static func resolve(
    option: String?, environment: [String: String], currentDirectory: URL
  ) -> URL {
    if let option, !option.isEmpty {
      return URL.absolute(option, in: currentDirectory, isDirectory: true)
    }
    if let variable = environment[environmentVariable], !variable.isEmpty {
      return URL.absolute(variable, in: currentDirectory, isDirectory: true)
    }
    return DataDirectory.url(appName: appName, environment: environment)
  }
}
