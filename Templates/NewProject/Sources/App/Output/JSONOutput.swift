// Turns stored values into the JSON a command prints: the on-disk shape, keys sorted.

import Foundation

/// The JSON a command prints with `--json`: an object for one value, an array for a list.
nonisolated enum JSONOutput {
  /// `value` as pretty-printed JSON with sorted keys, ending in a line break.
  static func encoded(_ value: some Encodable) throws(AppError) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    } catch {
      throw .encodingFailed(String(describing: error))
    }
  }
}
