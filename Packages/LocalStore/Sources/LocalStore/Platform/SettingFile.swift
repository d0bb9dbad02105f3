// A one-word setting in a data folder, such as which store the folder uses: read, trimmed, its failure worded.

import Foundation

/// A small text file that holds one word, written whole (``DurableFile``) and read here.
public enum SettingFile {
  /// Why a setting file could not be read, as a sentence that names it.
  public struct Failure: Error, Equatable, Sendable {
    /// "<path> could not be read: <reason>."
    public var sentence: String
  }

  /// The text of the setting file at `url` without the white space around it, or `nil` when
  /// there is no such file.
  ///
  /// - Throws: ``Failure`` when the file exists but cannot be read as UTF-8.
  public static func word(at url: URL) throws(Failure) -> String? {
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    do {
      return try String(contentsOf: url, encoding: .utf8)
        .trimmingCharacters(in: .whitespacesAndNewlines)
    } catch {
      throw Failure(sentence: "\(url.path) could not be read: \(error.localizedDescription).")
    }
  }
}
