// Durations as plain numbers for JSON, and in a unit a person can read at a glance.

extension Duration {
  /// The duration in seconds.
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) * 1e-18
  }

  /// The duration in microseconds.
  var microseconds: Double {
    seconds * 1e6
  }

  /// `162 µs`, `3.51 ms`, `1.24 s`: three significant digits in the largest unit below it.
  var readable: String {
    let value = seconds
    if value >= 1 { return Self.threeDigits(value) + " s" }
    if value >= 1e-3 { return Self.threeDigits(value * 1e3) + " ms" }
    return Self.threeDigits(value * 1e6) + " µs"
  }

  private static func threeDigits(_ value: Double) -> String {
    if value >= 100 { return String(Int(value.rounded())) }
    if value >= 10 { return String((value * 10).rounded() / 10) }
    return String((value * 100).rounded() / 100)
  }
}
