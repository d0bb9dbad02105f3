// Where a store's pulls stand: the cursor, and how far back every change is known to be read.

import Foundation

/// How far a store has pulled, and how far back it knows it missed nothing.
///
/// Kinto gives a record its `last_modified` when the write starts, and other devices see it
/// when the write's transaction commits; on PostgreSQL two writes at once can commit in the
/// other order. So a pull that has read up to ``cursor`` may still miss an older write that
/// had not committed yet. A pull once in a while reads again behind the cursor; these marks
/// say when and from where, so that an ordinary round reads only what is new:
///
/// - every change up to ``settled`` has been read;
/// - ``checkpoint`` is the cursor a pull ended with at ``checkpointTime``: every write older
///   than it had started by then, so once a write's longest time to commit has passed, a
///   pull reads every one of them. That pull (the settling pull) reads again from
///   ``Synchronizer/pullOverlap`` before the checkpoint (never before ``settled``), then
///   settles the checkpoint and takes its own cursor as the next one.
///
/// Each change is read once by an ordinary pull and at most once more by a settling pull,
/// and only if it is within the overlap of a checkpoint; a round right after a push of
/// 10,000 records reads only what came after them.
public struct PullMarks: Codable, Equatable, Sendable {
  /// The `last_modified` of the newest remote change applied, or `nil` before the first pull.
  public var cursor: Int64?
  /// Every change up to this `last_modified` has been read; `nil` until a pull settles one.
  public var settled: Int64?
  /// The cursor a pull ended with, to settle once ``checkpointTime`` is old enough.
  public var checkpoint: Int64?
  /// When that pull ended (this device's clock).
  public var checkpointTime: Date?

  /// Marks with only a cursor: a store written before checkpoints existed, whose next pull
  /// settles at once.
  public init(
    cursor: Int64? = nil, settled: Int64? = nil, checkpoint: Int64? = nil,
    checkpointTime: Date? = nil
  ) {
    self.cursor = cursor
    self.settled = settled
    self.checkpoint = checkpoint
    self.checkpointTime = checkpointTime
  }

  /// Whether a pull starting at `now` settles: there is a cursor, and no checkpoint or one
  /// at least `delay` old (or one from the future: the clock was set back, and waiting for
  /// it could be forever).
  func settles(at now: Date, after delay: Duration) -> Bool {
    guard cursor != nil else { return false }
    guard let checkpointTime else { return true }
    let age = now.timeIntervalSince(checkpointTime)
    return age >= delay.seconds || age < 0
  }

  /// The `_since` of a pull: nothing before the first pull; the cursor for an ordinary one;
  /// for a settling one, `overlap` before the checkpoint, never before what is settled
  /// (`nil`, everything, when that is before the first `last_modified` there can be).
  func since(settling: Bool, overlap: Int64) -> Int64? {
    guard let cursor else { return nil }
    guard settling else { return cursor }
    let since = max(settled ?? .min, (checkpoint ?? cursor) - overlap)
    return since < 0 ? nil : since
  }

  /// The marks after a pull that started with these and ended at `now` with `cursor`:
  /// a settling pull settles the checkpoint; a pull with no checkpoint takes one.
  func after(settling: Bool, cursor: Int64?, at now: Date) -> PullMarks {
    var marks = self
    marks.cursor = [self.cursor, cursor].compactMap { $0 }.max()
    if settling { marks.settled = checkpoint ?? self.cursor }
    if settling || checkpoint == nil, let newest = marks.cursor {
      marks.checkpoint = newest
      marks.checkpointTime = now
    }
    return marks
  }
}

extension PullMarks {
  /// Whether these marks say what `other` says, whenever their checkpoints were taken.
  func isSame(as other: PullMarks) -> Bool {
    (cursor, settled, checkpoint) == (other.cursor, other.settled, other.checkpoint)
  }

  /// Takes `cursor` (a cursor never moves back) and, when given, the settled point and
  /// checkpoint of `marks` (a commit's ``SyncUpdate/cursor`` and ``SyncUpdate/marks``).
  public mutating func take(cursor newCursor: Int64?, marks new: PullMarks?) {
    for value in [newCursor, new?.cursor].compactMap({ $0 }) {
      cursor = max(cursor ?? value, value)
    }
    guard let new else { return }
    settled = new.settled
    checkpoint = new.checkpoint
    checkpointTime = new.checkpointTime
  }
}

extension Duration {
  /// The duration in seconds, as `TimeInterval`.
  var seconds: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
