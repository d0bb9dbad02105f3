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

  /// Where the parts are decoded: a queue of its own, whose threads Dispatch adds even when
  /// every core is busy. The caller waits for the parts, possibly on a thread of the
  /// cooperative pool; had the parts gone to the global queue, which shares that pool's
  /// limit of one thread per core, two opens waiting at once could leave no thread to
  /// decode either.
  static let decodingQueue = DispatchQueue(label: "ParallelDecoder", attributes: .concurrent)

  /// The items of each part, in the order of `parts`; `nil` when any part does not decode,
  /// and the caller then decodes the whole file, which also explains the error.
  ///
  /// The parts are decoded on threads of ``decodingQueue`` while `meanwhile` runs on the
  /// calling thread, such as putting the previous batch's items into the cache, so that no
  /// core waits for that serial step. The cache stays the caller's own value: only the
  /// decoded parts cross threads, each into its own slot.
  static func decode<Item: Decodable & Sendable>(
    _ parts: [Data], as type: Item.Type, meanwhile: () -> Void = {}
  ) -> [[Item]]? {
    let results = LockedState<[[Item]?]>(Array(repeating: nil, count: parts.count))
    let group = DispatchGroup()
    for (index, part) in parts.enumerated() {
      decodingQueue.async(group: group) {
        let decoded = try? JSONDecoder().decode([Item].self, from: part)
        results.withLock { $0[index] = decoded }
      }
    }
    meanwhile()
    group.wait()
    let decoded = results.withLock { $0.compactMap { $0 } }
    return decoded.count == parts.count ? decoded : nil
  }
}
