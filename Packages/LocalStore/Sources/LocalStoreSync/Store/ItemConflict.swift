// An edit conflict of a synced store, in items: what this device has and what the server has.

import Foundation

/// A local change that met a different version on the server, as items, for a person to
/// choose between (``SyncedRepository/resolveConflict(_:keepingMine:)``).
public struct ItemConflict<Item: Sendable>: Sendable {
  /// The item's record id.
  public var recordID: String
  /// This device's version, or `nil` when the item was deleted here.
  public var mine: Item?
  /// The server's version, or `nil` when the item was deleted there.
  public var theirs: Item?

  /// A conflict.
  public init(recordID: String, mine: Item?, theirs: Item?) {
    self.recordID = recordID
    self.mine = mine
    self.theirs = theirs
  }
}

extension ItemConflict: Equatable where Item: Equatable {}
