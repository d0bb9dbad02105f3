// One durable step of a sync round: item steps and the pull cursor, applied together.

import Foundation

/// One durable step of a round: its item steps, and the pull cursor after them.
public struct SyncUpdate: Equatable, Sendable {
  /// The item steps, in order.
  public var steps: [SyncStep]
  /// The new pull cursor (the `last_modified` of the last change pulled), or `nil` to keep it.
  public var cursor: Int64?

  /// An update.
  public init(steps: [SyncStep], cursor: Int64? = nil) {
    self.steps = steps
    self.cursor = cursor
  }
}
