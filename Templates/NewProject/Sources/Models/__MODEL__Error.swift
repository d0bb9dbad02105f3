// Every way a __model__'s content can break the rules, with a sentence a person can act on.

import Foundation

/// Why text could not become a ``__MODEL__``.
public enum __MODEL__Error: Error, Equatable, LocalizedError, Sendable {
  // fields: error-cases
  /// The title is empty or only white space.
  case blankTitle
  // fields: end

  /// The sentence shown to the person who typed the text.
  public var errorDescription: String? {
    switch self {
    // fields: error-descriptions
    case .blankTitle: "The title is empty; type a few words to name it."
    // fields: end
    }
  }
}
