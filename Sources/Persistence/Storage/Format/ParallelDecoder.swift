// Decodes a snapshot in our own one-item-per-line layout in parts, one per core.

import Dispatch
import Foundation

/// The fast path for reading a snapshot this package wrote.
///
/// A snapshot has its header on the first line, one item per line, and its footer on the
/// last line, and a JSON string cannot hold a raw newline. So the item lines can be cut
/// into parts, each made a JSON array of its own and decoded on one of the cores. Each part is
/// copied once: slices of one shared `Data` would make every core contend for its reference
/// count. The parts are small (about 1,000 lines) and copied only when their turn comes, so
/// at any moment only a few parts' copies and parse trees are alive, not the whole file's
/// twice: that is what bounds the open's peak memory. It accepts a file only if the file has exactly that layout. For anything else,
/// such as a file someone reformatted, or a part that does not decode, it returns `nil`, and
/// the caller decodes the whole document, which also explains any error.
enum ParallelDecoder {
  /// About how many item lines each part holds.
  static let linesPerPart = 1_000

  /// The items and the footer's sequence, or `nil` when the fast path does not apply.
  static func decode<Item: Decodable & Sendable>(
    _ data: Data, as type: Item.Type, version: Int
  ) -> (items: [Item], sequence: Int)? {
    let lines = lineRanges(of: data)
    guard lines.count >= 2, let last = lines.last,
      data[lines[0]].starts(with: Array(#"{"version":\#(version),"#.utf8)),
      data[lines[0]].reversed().starts(with: Array(#""items":["#.utf8).reversed()),
      let sequence = footerSequence(data[last])
    else { return nil }
    let items = lines[1..<(lines.count - 1)]
    if let lastItem = items.last, data[lastItem.upperBound - 1] == UInt8(ascii: ",") {
      return nil  // A comma after the last item is not JSON.
    }
    let parts = max(1, items.count / linesPerPart)
    let results = LockedState<[[Item]?]>(Array(repeating: nil, count: parts))
    DispatchQueue.concurrentPerform(iterations: parts) { part in
      let first = items.startIndex + items.count * part / parts
      let end = items.startIndex + items.count * (part + 1) / parts
      let chunk = jsonArray(of: data, lines: items[first..<end])
      let decoded = try? JSONDecoder().decode([Item].self, from: chunk)
      results.withLock { $0[part] = decoded }
    }
    var all: [Item] = []
    all.reserveCapacity(items.count)
    for piece in results.withLock({ $0 }) {
      guard let piece else { return nil }
      all += piece
    }
    return (all, sequence)
  }

  /// `[` + the lines + `]`, without the comma that ends the part's last line.
  private static func jsonArray(of data: Data, lines: ArraySlice<Range<Int>>) -> Data {
    guard let first = lines.first, let last = lines.last else { return Data("[]".utf8) }
    var end = last.upperBound
    if data[end - 1] == UInt8(ascii: ",") { end -= 1 }
    var chunk = Data(capacity: end - first.lowerBound + 2)
    chunk.append(UInt8(ascii: "["))
    chunk.append(data[first.lowerBound..<end])
    chunk.append(UInt8(ascii: "]"))
    return chunk
  }

  /// The ranges of the lines, without their newlines; empty unless the data ends with one.
  private static func lineRanges(of data: Data) -> [Range<Int>] {
    data.withUnsafeBytes { buffer in
      var lines: [Range<Int>] = []
      var start = 0
      for index in 0..<buffer.count where buffer[index] == UInt8(ascii: "\n") {
        lines.append((data.startIndex + start)..<(data.startIndex + index))
        start = index + 1
      }
      return start == buffer.count ? lines : []
    }
  }

  /// `N` from the footer `],"sequence":N}`; 0 from `]}`.
  private static func footerSequence(_ line: Data) -> Int? {
    if line.elementsEqual("]}".utf8) { return 0 }
    let prefix = Array(#"],"sequence":"#.utf8)
    guard line.starts(with: prefix), line.last == UInt8(ascii: "}") else { return nil }
    return Int(String(decoding: line.dropFirst(prefix.count).dropLast(), as: UTF8.self))
  }
}
