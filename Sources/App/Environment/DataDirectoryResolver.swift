// Which folder holds the stores of `questions`, and the names of the stores in it.

import CommandLineKit
import Foundation
import LocalStore
import Persistence

/// The data folder of `questions` (``/CommandLineKit/DataFolder``, shared with every tool built on
/// `CommandLineKit`): `--data-dir`, then `QUESTIONS_DATA_DIR`, then the platform's default.
nonisolated enum DataDirectoryResolver {
  /// The folder and the variable that overrides it.
  static let folder = DataFolder(
    appName: "questions", environmentVariable: "QUESTIONS_DATA_DIR",
    defaultFolder: DataDirectory.url)
  /// The environment variable that overrides the default folder.
  static let environmentVariable = folder.environmentVariable
  /// The name of the store file inside the folder.
  static let storeFilename = StoreKind.journal.filename
  /// The study history's file name, next to the store.
  static let sessionsFilename = "sessions.json"
  /// Every store in the data folder; each also owns `<name>.journal`, `<name>.lock`, its
  /// temporary files and the copies recovery keeps.
  static let storeFilenames = [storeFilename, sessionsFilename]

  /// The folder to use, as an absolute file URL.
  static func resolve(
    option: String?, environment: [String: String], currentDirectory: URL
  ) -> URL {
    folder.resolve(option: option, environment: environment, currentDirectory: currentDirectory)
  }
}
