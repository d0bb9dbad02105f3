// One page of a collection's changes, as `GET …/records?_since=` answers it.

import Foundation

/// One page of changes, and where the next one is.
public struct KintoChangesPage: Equatable, Sendable {
  /// The records and tombstones of the page, oldest change first.
  public var records: [KintoRecord]
  /// The URL of the next page (`Next-Page`), or `nil` on the last.
  public var nextPage: URL?
  /// The server's `Backoff` and `Retry-After`.
  public var advice: ServerAdvice
}
