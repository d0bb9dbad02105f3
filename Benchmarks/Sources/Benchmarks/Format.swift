// Numbers as the tables show them: grouped counts, sizes in MB, ratios with a few digits.

/// Formatting shared by the tables and the target lines.
enum Format {
  /// `100,000`.
  static func count(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var grouped = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset).isMultiple(of: 3) { grouped.append(",") }
      grouped.append(digit)
    }
    return value < 0 ? "-" + grouped : grouped
  }

  /// `19.8 MB` (10^6 bytes), `512 KB` below a megabyte.
  static func bytes(_ value: Int) -> String {
    value >= 1_000_000
      ? decimal(Double(value) / 1e6, places: 1) + " MB"
      : decimal(Double(value) / 1e3, places: 0) + " KB"
  }

  /// `1.21x`, `0.031x`, `412x`: about three significant digits.
  static func ratio(_ value: Double) -> String {
    let places = value >= 100 ? 0 : value >= 10 ? 1 : value >= 1 ? 2 : 3
    return decimal(value, places: places) + "x"
  }

  /// `value` rounded to `places` decimals.
  static func decimal(_ value: Double, places: Int) -> String {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    guard places > 0 else { return String(Int(rounded)) }
    var text = String(rounded)
    let decimals = text.split(separator: ".").last?.count ?? 0
    if decimals < places { text += String(repeating: "0", count: places - decimals) }
    return text
  }
}
