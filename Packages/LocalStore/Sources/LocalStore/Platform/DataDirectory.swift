// Where an app keeps its stores by default, on Linux and on Apple platforms.

import Foundation

/// The default folder for an app's stores.
///
/// - On Linux: `$XDG_DATA_HOME/<app>` when `XDG_DATA_HOME` is set to an absolute path,
///   otherwise `~/.local/share/<app>`, as the XDG Base Directory specification says.
/// - On Apple platforms: `Application Support/<app>` in the user's domain (inside the
///   container for a sandboxed app).
///
/// The folder is not created here; a repository creates it, with mode 0700, on its first save.
public enum DataDirectory {
  /// The default folder for the running app, named after its bundle identifier or process.
  public static var `default`: URL {
    let name = Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName
    return url(appName: name)
  }

  /// The default folder for the app called `appName`.
  ///
  /// - Parameters:
  ///   - appName: The name of the app's own folder.
  ///   - environment: The environment to read `XDG_DATA_HOME` and `HOME` from.
  /// - Returns: The folder's URL.
  public static func url(
    appName: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    #if canImport(Darwin)
      let base =
        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
        ?? URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true).appendingPathComponent(
          "Library/Application Support")
      return base.appendingPathComponent(appName, isDirectory: true)
    #else
      return linuxBase(environment: environment).appendingPathComponent(appName, isDirectory: true)
    #endif
  }

  /// `$XDG_DATA_HOME` if absolute, else `$HOME/.local/share`.
  static func linuxBase(environment: [String: String]) -> URL {
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg, isDirectory: true)
    }
    let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home, isDirectory: true)
      .appendingPathComponent(".local/share", isDirectory: true)
  }
}
