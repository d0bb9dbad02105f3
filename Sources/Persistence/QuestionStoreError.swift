// Why the question bank's stores could not be chosen, moved or opened.

import Foundation
import LocalStore

/// The error of the app's persistence layer: a setting that cannot be read, a copy that does
/// not match the store it was made from, or the store's own error.
public enum QuestionStoreError: Error, Sendable {
  /// The setting that names the store in use cannot be read or names no store; the reason
  /// names the file.
  case unreadableSetting(String)
  /// A move's copy differs from the store in use, so nothing was switched; the reason says
  /// how.
  case copyDiffers(String)
  /// The store failed.
  case store(PersistenceError)

  /// One sentence for the person, naming the file or the numbers.
  public var reason: String {
    switch self {
    case .unreadableSetting(let reason), .copyDiffers(let reason): reason
    case .store(let error): error.localizedDescription
    }
  }
}
