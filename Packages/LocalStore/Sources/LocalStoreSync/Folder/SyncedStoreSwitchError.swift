// Why a folder's switch to its synced store could not be read or made.

import Foundation

/// A failure of ``SyncedStoreSwitch``, with a sentence a person can act on.
public enum SyncedStoreSwitchError: Error, Equatable, Sendable, LocalizedError {
  /// The setting that names the store in use cannot be read or names none; the sentence says
  /// which file and what to do.
  case unreadableSetting(String)
  /// The copy in the synced store differs from the journal store; nothing was switched.
  case copyDiffers(String)

  /// The sentence.
  public var errorDescription: String? {
    switch self {
    case .unreadableSetting(let sentence), .copyDiffers(let sentence): sentence
    }
  }
}
