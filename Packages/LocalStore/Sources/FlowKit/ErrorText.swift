// The sentence a view model shows for an error thrown by a store.

import LocalStore

/// Turns errors into the sentences view models put in their `errorMessage`.
nonisolated public enum ErrorText {
  /// A ``/LocalStore/PersistenceError``'s own sentence, or the error's description for any
  /// other error.
  public static func sentence(for error: any Error) -> String {
    (error as? PersistenceError)?.description ?? String(describing: error)
  }
}
