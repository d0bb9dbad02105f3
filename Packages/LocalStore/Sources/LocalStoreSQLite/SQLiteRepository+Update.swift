// Read-modify-write in one transaction: nothing another connection writes comes in between.

import Foundation
import LocalStore

extension SQLiteRepository {
  /// Changes the item stored under `id` with `transform` and saves the result, in one write
  /// transaction; returns the item as saved, or `nil` when no item has the ID (`transform`
  /// is then not called).
  ///
  /// ```swift
  /// let updated = try await store.update(id) { item in item.tags.append("archived") }
  /// ```
  ///
  /// `transform` runs once, inside the transaction, on the item as the database holds it:
  /// no other connection, in this process or another, can write between the read and the
  /// save, which ``find(by:)`` then ``save(_:)`` cannot promise. Keep it short: the
  /// database stays locked for writers while it runs. It should keep the item's `id`: an
  /// item whose `id` it changed is saved under the new ID, and the item under `id` stays.
  ///
  /// `async`, though it never suspends: a caller outside the actor would otherwise get the
  /// protocol's ``/LocalStore/Repository/update(_:_:)``, which Swift prefers in an `async`
  /// context, and which may call `transform` more than once.
  ///
  /// - Throws: What `transform` throws (nothing is changed), or
  ///   ``/LocalStore/PersistenceError`` when the change could not be stored.
  public func update(
    _ id: Item.ID, _ transform: @Sendable (inout Item) throws -> Void
  ) async throws -> Item? {
    let key = try key(of: id)
    var failure: (any Error)?
    let updated: Item?
    do throws(PersistenceError) {
      updated = try write { () throws(SQLiteFailure) -> Item? in
        guard let body = try body(forKey: key) else { return nil }
        var item: Item
        do {
          item = try decoder.decode(Item.self, from: body)
        } catch {
          failure = PersistenceError.corrupt(
            fileURL, reason: "the item stored under \(key) cannot be decoded: \(error)")
          throw SQLiteFailure(message: "decoding the stored item failed")
        }
        do {
          try transform(&item)
          let row = try encode(item)
          if try upsert(row) { try adjustCount(by: 1) }
          return item
        } catch let sqlite as SQLiteFailure {
          throw sqlite
        } catch {
          // A transform that threw, or an item that does not encode: the transaction is
          // rolled back, and the caller gets that error, not SQLite's.
          failure = error
          throw SQLiteFailure(message: "the update was abandoned: \(error)")
        }
      }
    } catch {
      if let failure { throw failure }
      throw error
    }
    if let updated { feed.publish(RepositoryChange(ids: [id, updated.id])) }
    return updated
  }
}
