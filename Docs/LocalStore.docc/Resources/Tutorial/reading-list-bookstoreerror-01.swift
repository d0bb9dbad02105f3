// Why a BookStore refused to open its file: the file is left exactly as it was.

import Foundation

/// What is wrong with a store's file, in words a person can act on.
public enum BookStoreError: Error, LocalizedError {
  /// Two items in the file have one ID.
  case repeatedID(String, in: URL)

  public var errorDescription: String? {
    switch self {
    case .repeatedID(let id, let file):
      "\(file.lastPathComponent) holds two items with the ID \(id); it was left untouched."
    }
  }
}
