// The nearest valid word to a mistyped one, for "did you mean …?" in usage errors.

/// Finds the valid spelling closest to a typo, as `git` and `swift` do.
public enum Suggestion {
  /// The candidate closest to `word` by edit distance, if it is close enough to be what was
  /// meant: at most 2 edits, and fewer than half the word's length.
  public static func nearest(to word: String, among candidates: [String]) -> String? {
    let scored = candidates.map { ($0, distance(Array(word), Array($0))) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    return best.1 <= 2 && best.1 * 2 < max(word.count, 2) ? best.0 : nil
  }

  /// The Damerau–Levenshtein distance (with adjacent swaps) between `a` and `b`.
  private static func distance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }
}
