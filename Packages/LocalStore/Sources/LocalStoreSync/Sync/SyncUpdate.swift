// One durable step of a sync round: item steps and the pull cursor (and marks), applied together.

import Foundation

/// One durable step of a round: its item steps, and the pull cursor after them.
public struct SyncUpdate: Equatable, Sendable {
  /// The item steps, in order.
  public var steps: [SyncStep]
  /// The new pull cursor (the `last_modified` of the last change pulled), or `nil` to keep it.
  public var cursor: Int64?
  /// The pull's marks after it (see ``PullMarks``), on a pull's last step, or `nil` to keep
  /// them: the store takes their ``PullMarks/settled``, ``PullMarks/checkpoint`` and
  /// ``PullMarks/checkpointTime``, and their cursor as it takes ``cursor``.
  public var marks: PullMarks?

  /// An update.
  public init(steps: [SyncStep], cursor: Int64? = nil, marks: PullMarks? = nil) {
    self.steps = steps
    self.cursor = cursor
    self.marks = marks
  }
}
