// One of the benchmark's targets, the value measured against it, and whether it was met.

/// A target checked against one run.
struct TargetResult: Codable {
  /// How the measured value must compare with the limit.
  enum Comparison: String, Codable {
    case atMost, below, atLeast

    var symbol: String {
      switch self {
      case .atMost: "<="
      case .below: "<"
      case .atLeast: ">="
      }
    }
  }

  /// What the measured value and the limit are: most targets are ratios.
  enum Unit: String, Codable {
    case ratio, microseconds

    /// `1.21x` or `4.3 µs`.
    func format(_ value: Double) -> String {
      switch self {
      case .ratio: Format.ratio(value)
      case .microseconds: Duration.microseconds(value).readable
      }
    }
  }

  /// What is compared, e.g. `durable save at 10,000 stored: .journal / write+fsync floor`.
  var name: String
  var comparison: Comparison
  var limit: Double
  var unit: Unit
  /// The measured ratio; `nil` when a workload it needs produced no number.
  var measured: Double?
  /// Whether the target was met; `false` when it could not be measured.
  var passed: Bool

  init(
    _ name: String, _ comparison: Comparison, _ limit: Double, unit: Unit = .ratio,
    measured: Double?
  ) {
    self.name = name
    self.unit = unit
    self.comparison = comparison
    self.limit = limit
    self.measured = measured
    passed =
      switch (comparison, measured) {
      case (_, nil): false
      case (.atMost, let value?): value <= limit
      case (.below, let value?): value < limit
      case (.atLeast, let value?): value >= limit
      }
  }
}
