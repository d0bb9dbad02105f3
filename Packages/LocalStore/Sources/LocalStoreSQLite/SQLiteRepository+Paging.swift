// Reading a store one page at a time: its size, and the items of one stretch of it.

import LocalStore

extension SQLiteRepository {
  /// How many items the store holds: one read of the count its triggers keep.
  public func count() -> Int {
    read { () throws -> Int in
      Int(try connection.readInteger("SELECT itemCount FROM store"))
    } ?? 0
  }

  /// At most `limit` items from the `offset`-th on, in the order they were first saved.
  public func items(offset: Int, limit: Int) -> [Item] {
    guard offset >= 0, limit > 0 else { return [] }
    return read { () throws -> [Item] in
      let statement = try connection.statement(
        "SELECT body FROM items ORDER BY position LIMIT ?2 OFFSET ?1")
      try statement.bind(Int64(offset), at: 1)
      try statement.bind(Int64(limit), at: 2)
      return try decodeRows(statement)
    } ?? []
  }
}
