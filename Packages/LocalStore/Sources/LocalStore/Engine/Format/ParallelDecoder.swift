// Decodes parts of a snapshot's item lines, each a JSON array of its own, on every core.

import Dispatch
import Foundation

/// The decoding half of the streamed open of a snapshot.
///
/// ``SnapshotLineCutter`` copies about ``linesPerPart`` item lines at a time into a JSON
/// array of their own, a part: each part has its own bytes, because slices of one shared
/// `Data` would make every core contend for its reference count. A batch of parts, two per
/// core, is decoded at once on all the cores. The parts are small, and at most two batches
/// are alive at a time, so only a few parts' bytes and parse trees are, not the whole
/// file's: that is what bounds the open's peak memory.
enum ParallelDecoder {
  /// About how many item lines each part holds.
  static let linesPerPart = 1_000

  /// Where the parts are decoded: a queue of its own, whose threads Dispatch adds even when
  /// every core is busy. The caller waits for the parts, possibly on a thread of the
  /// cooperative pool; had the parts gone to the global queue, which shares that pool's
  /// limit of one thread per core, two opens waiting at once could leave no thread to
  /// decode either.
  static let decodingQueue = DispatchQueue(label: "ParallelDecoder", attributes: .concurrent)

  /// Parts being decoded on ``decodingQueue``, from the moment the batch is made until
  /// ``wait()``: meanwhile the caller goes on with the serial steps of the open, cutting the
  /// next batch and putting the one before into the cache, so that no core waits for them.
  /// The cache stays the caller's own value: only the decoded parts cross threads, each
  /// into its own slot.
  struct Batch<Item: Decodable & Sendable> {
    private let results: LockedState<[[Item]?]>
    private let group = DispatchGroup()
    private let count: Int

    /// Starts decoding `parts`, each on a thread of ``decodingQueue``.
    init(decoding parts: [Data], as type: Item.Type) {
      let results = LockedState<[[Item]?]>(Array(repeating: nil, count: parts.count))
      for (index, part) in parts.enumerated() {
        decodingQueue.async(group: group) {
          let decoded = try? JSONDecoder().decode([Item].self, from: part)
          results.withLock { $0[index] = decoded }
        }
      }
      self.results = results
      count = parts.count
    }

    /// Waits for every part: the items of each, in the order of the parts; `nil` when any
    /// part does not decode, and the caller then decodes the whole file, which also
    /// explains the error.
    func wait() -> [[Item]]? {
      group.wait()
      let decoded = results.withLock { $0.compactMap { $0 } }
      return decoded.count == count ? decoded : nil
    }
  }
}
