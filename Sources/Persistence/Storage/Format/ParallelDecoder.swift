// Decodes parts of a snapshot's item lines, each a JSON array of its own, on every core.

import Dispatch
import Foundation

/// The decoding half of the streamed open of a snapshot.
///
/// ``SnapshotLineCutter`` copies about ``linesPerPart`` item lines at a time into a JSON
/// array of their own, a part: each part has its own bytes, because slices of one shared
/// `Data` would make every core contend for its reference count. A batch of parts, two per
/// core, is decoded at once on all the cores. The parts are small and their items go into
/// the cache while the next batch decodes, so at any moment only a few parts' bytes and
/// parse trees are alive, not the whole file's: that is what bounds the open's peak memory.
enum ParallelDecoder {
  /// About how many item lines each part holds.
  static let linesPerPart = 1_000

  /// The items of each part, in the order of `parts`; `nil` when any part does not decode,
  /// and the caller then decodes the whole file, which also explains the error.
  ///
  /// `meanwhile`, if given, runs once on one of the cores while the parts are decoded on the
  /// others, such as putting the previous batch's items into the cache, so that no core waits
  /// for that serial step. It must not touch `parts` or the results.
  static func decode<Item: Decodable & Sendable>(
    _ parts: [Data], as type: Item.Type, meanwhile: (@Sendable () -> Void)? = nil
  ) -> [[Item]]? {
    let results = LockedState<[[Item]?]>(Array(repeating: nil, count: parts.count))
    let iterations = parts.count + (meanwhile == nil ? 0 : 1)
    DispatchQueue.concurrentPerform(iterations: iterations) { index in
      guard index < parts.count else {
        meanwhile?()
        return
      }
      let decoded = try? JSONDecoder().decode([Item].self, from: parts[index])
      results.withLock { $0[index] = decoded }
    }
    let decoded = results.withLock { $0.compactMap { $0 } }
    return decoded.count == parts.count ? decoded : nil
  }
}
