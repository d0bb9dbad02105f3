// Decides which folder holds a tool's stores: `--data-dir`, then its environment variable, then the platform's default.

import Foundation

/// Where a tool keeps its stores, and how a run chooses the folder.
///
/// The first that is set and not empty wins: the `--data-dir` option, the tool's environment
/// variable (`RECIPES_DATA_DIR`), then ``defaultFolder`` for the app's name, which the tool
/// passes in (the store's `DataDirectory.url(appName:environment:)`: this module knows no
/// store). A relative path is taken relative to the current folder. A variable that would
/// name the folder but is not valid UTF-8 is refused rather than read with its bad bytes
/// replaced, which would name another folder.
public struct DataFolder: Sendable {
  /// The name of the app's folder under the platform's data folder: `recipes`.
  public var appName: String
  /// The environment variable that overrides the default folder: `RECIPES_DATA_DIR`.
  public var environmentVariable: String
  /// The platform's folder for the app named by its first argument, in the environment
  /// given as its second: where the stores are when neither option nor variable says.
  public var defaultFolder: @Sendable (_ appName: String, _ environment: [String: String]) -> URL

  /// The data folder of the app `appName`, overridden by `environmentVariable`, else
  /// `defaultFolder` (such as `DataDirectory.url(appName:environment:)`).
  public init(
    appName: String, environmentVariable: String,
    defaultFolder: @escaping @Sendable (_ appName: String, _ environment: [String: String]) -> URL
  ) {
    self.appName = appName
    self.environmentVariable = environmentVariable
    self.defaultFolder = defaultFolder
  }

  /// The folder to use, as an absolute file URL.
  public func resolve(
    option: String?, environment: [String: String], currentDirectory: URL
  ) -> URL {
    if let option, !option.isEmpty {
      return URL.absolute(option, in: currentDirectory, isDirectory: true)
    }
    if let variable = environment[environmentVariable], !variable.isEmpty {
      return URL.absolute(variable, in: currentDirectory, isDirectory: true)
    }
    return defaultFolder(appName, environment)
  }

  /// The folder for a run given `option` (`--data-dir`, `nil` when absent) in `context`.
  ///
  /// - Throws: ``UsageError/invalidEnvironmentEncoding(name:shown:)`` when no option is
  ///   given and the variable that would name the folder is not valid UTF-8.
  public func resolve(option: String?, in context: ProcessContext) throws(UsageError) -> URL {
    if option?.isEmpty ?? true,
      let (name, shown) = invalidVariable(
        environment: context.environment, invalid: context.invalidlyEncodedVariables)
    {
      throw .invalidEnvironmentEncoding(name: name, shown: shown)
    }
    return resolve(
      option: option, environment: context.environment,
      currentDirectory: context.currentDirectory)
  }

  /// The variable that names the data folder when no `--data-dir` is given, if it is one of
  /// `invalid`: ``environmentVariable``, else `XDG_DATA_HOME` (Linux), else `HOME` (Linux).
  public func invalidVariable(
    environment: [String: String], invalid: [String: String]
  ) -> (name: String, shown: String)? {
    if let shown = invalid[environmentVariable] { return (environmentVariable, shown) }
    if let value = environment[environmentVariable], !value.isEmpty { return nil }
    #if canImport(Darwin)
      return nil
    #else
      if let shown = invalid["XDG_DATA_HOME"] { return ("XDG_DATA_HOME", shown) }
      if let value = environment["XDG_DATA_HOME"], value.hasPrefix("/") { return nil }
      if let shown = invalid["HOME"] { return ("HOME", shown) }
      return nil
    #endif
  }

  /// The default folder as help describes it.
  public var defaultDescription: String {
    #if canImport(Darwin)
      "~/Library/Application Support/\(appName)"
    #else
      "$XDG_DATA_HOME/\(appName) or ~/.local/share/\(appName)"
    #endif
  }
}
