// The JSON a command prints with `--json`: pretty, keys sorted, the same from run to run.

import Foundation

/// Encodes results for `--json` the same way in every tool built on this module.
public enum JSONText {
  /// `value` as indented JSON with sorted keys and unescaped slashes, ending in a line break.
  ///
  /// - Throws: The encoder's error, when a value cannot be represented in JSON.
  public static func encoded(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
  }
}
