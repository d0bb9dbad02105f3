// What a repair of a SQLite store found and kept, and where the original went.

import Foundation

/// The outcome of ``SQLiteRepository/repair(directory:filename:now:)``.
public struct SQLiteRepairReport: Sendable, Equatable {
  /// Whether `PRAGMA integrity_check` found the store intact: then nothing was changed.
  public var wasIntact: Bool
  /// The first problems `PRAGMA integrity_check` reported, or why the file could not be
  /// checked at all; empty when intact.
  public var problems: [String]
  /// How many items the repaired store holds.
  public var kept: Int
  /// How many rows were read but did not decode as an item, and were left out.
  public var undecodable: Int
  /// How many items the damaged store said it held, when it could still say; the items
  /// lost are this minus ``kept`` and ``undecodable``.
  public var expected: Int?
  /// Where the original file now is, whole (its log beside it, with `-wal` appended); `nil`
  /// when nothing was moved.
  public var movedTo: URL?
}
