// SGR attributes and the private modes ScreenEmulator tracks.

extension ScreenEmulator {
  /// `CSI ... m`: sets and clears the attributes in ``CellAttributes``; colours are read
  /// (including `38;5;n` and `38;2;r;g;b`, so their numbers are not taken for attributes)
  /// and ignored.
  mutating func selectGraphicRendition(_ parameters: [String]) {
    var index = 0
    while index < parameters.count {
      let parameter = parameters[index]
      index += 1
      // Colon forms (`38:5:1`) carry their arguments inside one parameter.
      guard !parameter.contains(":") else { continue }
      switch Int(parameter) ?? 0 {
      case 0: attributes = []
      case 1: attributes.insert(.bold)
      case 2: attributes.insert(.dim)
      case 3: attributes.insert(.italic)
      case 4: attributes.insert(.underline)
      case 7: attributes.insert(.reverse)
      case 22: attributes.subtract([.bold, .dim])
      case 23: attributes.remove(.italic)
      case 24: attributes.remove(.underline)
      case 27: attributes.remove(.reverse)
      case 38, 48, 58:
        let kind = index < parameters.count ? Int(parameters[index]) : nil
        index += kind == 5 ? 2 : kind == 2 ? 4 : 0
      default: break
      }
    }
  }

  /// `CSI ? n h` and `CSI ? n l` for the modes tracked: 1049, 25 and 7.
  mutating func setModes(_ parameters: [String], on: Bool) {
    for mode in parameters.compactMap({ Int($0) }) {
      switch mode {
      case 1049: switchScreens(toAlternate: on)
      case 25: isCursorVisible = on
      case 7:
        isAutoWrapEnabled = on
        if !on { wrapPending = false }
      default: break
      }
    }
  }

  /// Entering saves the cursor and shows a cleared alternate screen; leaving shows the main
  /// screen as it was and puts the cursor back.
  private mutating func switchScreens(toAlternate: Bool) {
    guard toAlternate != isAlternateScreenActive else { return }
    if toAlternate {
      savedCursor = (cursorRow, cursorColumn, attributes)
    }
    swap(&screen, &hiddenScreen)
    isAlternateScreenActive = toAlternate
    if toAlternate {
      screen.erase(rows: 0..<rows)
    } else if let saved = savedCursor {
      cursorRow = min(saved.row, rows - 1)
      cursorColumn = min(saved.column, columns - 1)
      attributes = saved.attributes
      savedCursor = nil
    }
    wrapPending = false
  }
}
