// One option a tool understands: its name, its other spellings, and whether a value follows it.

/// An option as ``ArgumentScanner`` needs to know it.
public struct OptionSpec: Hashable, Sendable {
  /// The option's name with its dashes, as help lists it: `--data-dir`.
  public var name: String
  /// Other spellings of it, such as `-h` for `--help`.
  public var aliases: [String]
  /// Whether a value follows it: `--tag swift` or `--tag=swift`.
  public var takesValue: Bool

  /// An option called `name`.
  public init(_ name: String, aliases: [String] = [], takesValue: Bool = false) {
    self.name = name
    self.aliases = aliases
    self.takesValue = takesValue
  }

  /// Whether `spelling` (without any `=value`) is this option.
  public func matches(_ spelling: String) -> Bool {
    spelling == name || aliases.contains(spelling)
  }

  /// `--data-dir <dir>`: the folder of the stores.
  public static let dataDirectory = OptionSpec("--data-dir", takesValue: true)
  /// `--json`: print JSON instead of text.
  public static let json = OptionSpec("--json")
  /// `--no-color`: never colour the output.
  public static let noColor = OptionSpec("--no-color")
  /// `-h`, `--help`: print help.
  public static let help = OptionSpec("--help", aliases: ["-h"])
  /// `--version`: print the version.
  public static let version = OptionSpec("--version")
  /// The options every tool built on this module accepts with every command.
  public static let global: [OptionSpec] = [dataDirectory, json, noColor, help, version]
}
