// Decides which folder holds the store: `--data-dir`, then `QUESTIONS_DATA_DIR`, then the default.

import Foundation
import Persistence

/// Resolves the data folder from the command line and the environment.
///
/// The first that is set and not empty wins: the `--data-dir` option, the
/// `QUESTIONS_DATA_DIR` environment variable, then ``DataDirectory/url(appName:environment:)``
/// for the app `questions`. A relative path is taken relative to the current folder.
nonisolated enum DataDirectoryResolver {
  /// The environment variable that overrides the default folder.
  static let environmentVariable = "QUESTIONS_DATA_DIR"
  /// The name of the app's folder under the platform's data folder.
  static let appName = "questions"
  /// The name of the store file inside the folder.
  static let storeFilename = "questions.json"
  /// The study history's file name, next to the store.
  static let sessionsFilename = "sessions.json"
  /// Every store in the data folder; each also owns `<name>.journal`, `<name>.lock`, its
  /// temporary files and the copies recovery keeps.
  static let storeFilenames = [storeFilename, sessionsFilename]

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
