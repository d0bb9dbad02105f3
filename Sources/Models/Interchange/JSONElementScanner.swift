// Finds the line on which each question of a JSON file starts, without decoding anything.

/// A light pass over JSON bytes that finds where each element of the question array starts.
///
/// The question array is the top-level array, or in a store file (`{"version":1,...}`) the
/// value of its top-level `items` key. The scanner only follows strings (so that brackets
/// and line breaks inside them do not count) and nesting depth; it does not check the
/// syntax, which the decoder does. A problem found while decoding element `i` is reported at
/// line `lines[i]`.
enum JSONElementScanner {
  /// The line each element of `indices` (counted from 0) starts on.
  static func lines(ofElements indices: Set<Int>, in bytes: [UInt8]) -> [Int: Int] {
    var lines: [Int: Int] = [:]
    var index = 0
    bytes.withUnsafeBufferPointer {
      _ = scan($0) { line, _ in
        if indices.contains(index) { lines[index] = line }
        index += 1
      }
    }
    return lines
  }

  /// The array's pieces of `size` elements: the byte offset where each starts, the number of
  /// elements, and the offset of the array's closing bracket; `nil` when the array does not
  /// close, which only the decoder can explain.
  static func pieces(
    in bytes: [UInt8], size: Int
  ) -> (starts: [Int], count: Int, end: Int)? {
    var starts: [Int] = []
    var count = 0
    let end = bytes.withUnsafeBufferPointer {
      scan($0) { _, offset in
        if count % size == 0 { starts.append(offset) }
        count += 1
      }
    }
    return end.map { (starts, count, $0) }
  }

  private static let quote = UInt8(ascii: "\"")
  private static let backslash = UInt8(ascii: "\\")
  private static let lineFeed = UInt8(ascii: "\n")

  /// Calls `visit` with the line and byte offset where each element starts; returns the
  /// offset of the closing bracket of the question array, `nil` if it never closes.
  private static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, element visit: (_ line: Int, _ offset: Int) -> Void
  ) -> Int? {
    var line = 1
    var depth = 0
    /// The depth of the question array's elements once it is found; 0 until then.
    var elementDepth = 0
    var expectingElement = false
    /// Set after the top-level key `items`, then after the colon that follows it.
    var afterItemsKey = false
    var afterItemsColon = false
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == lineFeed {
        line += 1
        index += 1
        continue
      }
      if byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0xEF || byte == 0xBB
        || byte == 0xBF
      {
        index += 1  // White space, or the byte order mark.
        continue
      }
      if expectingElement, depth == elementDepth, byte != UInt8(ascii: "]") {
        visit(line, index)
        expectingElement = false
      }
      switch byte {
      case quote:
        let start = index + 1
        index = start
        while index < bytes.count, bytes[index] != quote {
          if bytes[index] == lineFeed { line += 1 }
          index += bytes[index] == backslash ? 2 : 1
        }
        let isItems =
          depth == 1 && elementDepth == 0 && index - start == 5
          && bytes[start..<index].elementsEqual("items".utf8)
        afterItemsKey = isItems
        afterItemsColon = false
      case UInt8(ascii: ":"):
        afterItemsColon = afterItemsKey
        afterItemsKey = false
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        if byte == UInt8(ascii: "["), elementDepth == 0, depth == 1 || afterItemsColon {
          elementDepth = depth
          expectingElement = true
        }
        afterItemsKey = false
        afterItemsColon = false
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        if depth == elementDepth { return index }  // The question array has ended.
        depth -= 1
      case UInt8(ascii: ","):
        if depth == elementDepth { expectingElement = true }
        afterItemsKey = false
        afterItemsColon = false
      default:
        afterItemsKey = false
        afterItemsColon = false
      }
      index += 1
    }
    return nil
  }
}
