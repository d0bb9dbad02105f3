// Why a BookStore refused to open its file: the file is left exactly as it was.

import Foundation

/// What is wrong with a store's file, in words a person can act on.
public enum BookStoreError: Error, LocalizedError {
  /// Two items in the file have one ID.
  case repeatedID(String, in: URL)
  /// The file was written by a newer version of the app.
  case newerVersion(Int, in: URL, newest: Int)
  /// The file is at an older version that no migration reads.
  case noMigration(from: Int, in: URL)

  public var errorDescription: String? {
    switch self {
    case .repeatedID(let id, let file):
      "\(file.lastPathComponent) holds two items with the ID \(id); it was left untouched."
    case .newerVersion(let version, let file, let newest):
      "\(file.lastPathComponent) was saved by a newer version of the app (format \(version), "
        + "this one reads up to \(newest)); update the app."
    case .noMigration(let version, let file):
      "\(file.lastPathComponent) is in format \(version), which this version cannot read."
    }
  }
}
