// Breaks text into lines that fit a number of terminal columns.

/// Wraps text at spaces to a width in terminal columns.
public enum TextWrapper {
  /// The lines of `text` wrapped to `width` columns, at most `maxLines` of them.
  ///
  /// Words longer than a line are broken. Newlines in `text` start a new line. When the text
  /// needs more than `maxLines` lines, the last one ends with `…` so the cut is visible.
  public static func lines(_ text: String, width: Int, maxLines: Int = .max) -> [String] {
    guard width > 0, maxLines > 0 else { return [] }
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lines += wrap(paragraph, width: width)
    }
    guard lines.count > maxLines else { return lines }
    var kept = Array(lines.prefix(maxLines))
    kept[maxLines - 1] = truncated(kept[maxLines - 1] + " …", width: width)
    return kept
  }

  /// `text` cut to `width` columns, ending with `…` when it had to be cut.
  public static func truncated(_ text: String, width: Int) -> String {
    guard DisplayWidth.of(text) > width else { return text }
    guard width > 0 else { return "" }
    var result = ""
    var used = 0
    for character in text {
      let next = DisplayWidth.of(character)
      guard used + next <= width - 1 else { break }
      result.append(character)
      used += next
    }
    return result + "…"
  }

  private static func wrap(_ paragraph: Substring, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    var used = 0
    for word in paragraph.split(separator: " ") {
      let wordWidth = DisplayWidth.of(word)
      if used > 0, used + 1 + wordWidth <= width {
        line += " " + word
        used += 1 + wordWidth
        continue
      }
      if used > 0 {
        lines.append(line)
        line = ""
        used = 0
      }
      for character in word {
        let next = DisplayWidth.of(character)
        if used + next > width {
          lines.append(line)
          line = ""
          used = 0
        }
        line.append(character)
        used += next
      }
    }
    lines.append(line)
    return lines
  }
}
